// HTML job descriptions rebuilt for the page: text kept, a few elements kept without attributes,
// everything else dropped; and the plain-text snippets of search results.
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeDescription, snippet } from './description.ts';
import { descriptionHtml, employmentTypeOf, jobPosting } from './job-posting.ts';

describe('sanitizeDescription', () => {
  it('keeps paragraphs, breaks, lists and emphasis, without attributes', () => {
    expect(sanitizeDescription('<p class="x" style="color:red">Hi <B>there</B><br/>you</p><ul><li onclick="x()">one<li>two</ul>'))
      .toBe('<p>Hi <strong>there</strong><br>you</p><ul><li>one</li><li>two</li></ul>');
  });

  it('drops scripts, styles, comments, links, images and frames with their content where it is not text', () => {
    const out = sanitizeDescription('<script>alert(1)</script><style>p{}</style><!-- note --><a href="javascript:alert(1)">link</a><img src=x onerror=alert(2)><iframe src="//evil"></iframe><svg><script>alert(3)</script></svg>ok');
    expect(out).toBe('linkok');
  });

  it('escapes text, decodes entities once, and balances what it opens', () => {
    expect(sanitizeDescription('a &lt;b&gt; &amp;amp; <p>unclosed <em>x')).toBe('a &lt;b&gt; &amp;amp; <p>unclosed <em>x</em></p>');
    expect(sanitizeDescription('1 < 2 and </p> stray')).toBe('1 &lt; 2 and  stray');
    expect(sanitizeDescription('&#x3c;script&#x3e;')).toBe('&lt;script&gt;');
  });

  it('turns headings into bold paragraphs and orphan items into paragraphs (page headings keep their order)', () => {
    expect(sanitizeDescription('<h1>Title</h1><li>alone</li><ul>text<li>in</li></ul>')).toBe('<p><strong>Title</strong></p><p>alone</p><ul><li>text</li><li>in</li></ul>');
  });
});

describe('snippets and JSON-LD pieces', () => {
  it('reads HTML as text for result snippets, cut at a word', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>world</b></p><script>x()</script>')).toBe('Hello world');
    expect(snippet('word '.repeat(100), 'text/plain', 20)).toBe('word word word word…');
  });

  it('maps the default order types to schema.org employment types and leaves others out', () => {
    expect(employmentTypeOf('Temporary')).toBe('TEMPORARY');
    expect(employmentTypeOf('direct hire')).toBe('FULL_TIME');
    expect(employmentTypeOf('Our own kind')).toBeUndefined();
    expect(descriptionHtml({ jobDescription: 'a <b>\nb', jobDescriptionContentType: 'text/plain' })).toBe('a &lt;b&gt;<br>b');
  });

  it('shows a pay range as min and max, and no salary without a currency for the country', () => {
    const details = {
      jobOrderId: 7, orderId: 7, dateOrderTaken: '2026-01-02T00:00:00Z', jobDescription: null, jobDescriptionContentType: 'text/plain', jobTitle: 'X',
      category: 'C', jobOrderType: 'Contract', skills: [], featured: null, pay: 20, payFrequency: null, payMin: 18, payMax: 22, payCurrency: null,
      branchId: 1, branchName: 'B', jobBoardUrl: 'https://j/x', educationSummary: null, experienceSummary: null, publishDateTime: '2026-01-02T00:00:00+00:00',
      address: { attentionTo: null, street1: null, street2: null, municipality: 'M', region: 'R', postalCode: null, country: null, countryCode: 840, location: null, dateAddressStandardized: null },
    };
    expect(jobPosting(details, { title: 'X', url: 'https://j/x', organization: 'O', country: 'US' }).baseSalary)
      .toEqual({ '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 18, maxValue: 22, unitText: 'HOUR' } });
    const elsewhere = jobPosting({ ...details, address: { ...details.address, countryCode: 484 } }, { title: 'X', url: 'https://j/x', organization: 'O' });
    expect(elsewhere.baseSalary).toBeUndefined();
    expect(elsewhere.employmentType).toBe('CONTRACTOR');
  });
});
