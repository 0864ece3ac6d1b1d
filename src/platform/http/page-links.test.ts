// A paged list's other pages as a `Link` field (RFC 8288), beside X-Total-Count: an integrator walks
// a list by following `next` instead of computing skip (docs/integrators.md, "Lists").
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers.ts';
import { pageLinks } from './paging.ts';

const { admin } = testAppForFile();

/** rel -> its skip, from a Link field. */
function linksOf(field: string | undefined): Record<string, string> {
  return Object.fromEntries((field ?? '').split(', ').filter(Boolean).map((part) => {
    const [, target, rel] = /^<([^>]*)>; rel="([a-z]+)"$/.exec(part) ?? [];
    return [rel, target];
  }));
}

describe('Link on paged lists', () => {
  it('a middle page links to first, prev, next and last, each the same list with its own skip and take', async () => {
    const res = await admin({ method: 'GET', url: '/DataLists/countries?Skip=20&TAKE=10&culture=en' });
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(40);
    const last = Math.floor((total - 1) / 10) * 10;
    expect(linksOf(String(res.headers.link))).toEqual({
      first: '/DataLists/countries?culture=en&skip=0&take=10',
      prev: '/DataLists/countries?culture=en&skip=10&take=10',
      next: '/DataLists/countries?culture=en&skip=30&take=10',
      last: `/DataLists/countries?culture=en&skip=${last}&take=10`,
    });
    // The links answer the pages they name.
    const next = await admin({ method: 'GET', url: linksOf(String(res.headers.link)).next! });
    expect(next.json().data[0]).toEqual((await admin({ method: 'GET', url: '/DataLists/countries?skip=30&take=1' })).json().data[0]);
  });

  it('the first page has no prev, the last no next; the defaults are spelled out; in CSV too', async () => {
    const first = await admin({ method: 'GET', url: '/DataLists/countries', headers: { accept: 'text/csv' } });
    const total = Number(first.headers['x-total-count']);
    expect(Object.keys(linksOf(String(first.headers.link)))).toEqual(total > 1000 ? ['first', 'next', 'last'] : ['first', 'last']);
    expect(linksOf(String(first.headers.link)).first).toBe('/DataLists/countries?skip=0&take=1000');
    const last = await admin({ method: 'GET', url: `/DataLists/countries?skip=${total - 1}&take=1` });
    expect(Object.keys(linksOf(String(last.headers.link)))).toEqual(['first', 'prev', 'last']);
  });

  it('a link never carries a credential given in the query, and a page past the end links back to the last', () => {
    const links = linksOf(pageLinks('/Employees?tw-token=secret&lastName=O%27Neil&skip=50&take=20', { skip: 50, take: 20 }, 45));
    expect(links).toEqual({
      first: '/Employees?lastName=O%27Neil&skip=0&take=20',
      prev: '/Employees?lastName=O%27Neil&skip=40&take=20',
      last: '/Employees?lastName=O%27Neil&skip=40&take=20',
    });
    // Within the last page (not past it), the page before is skip - take.
    expect(linksOf(pageLinks('/Employees?skip=41&take=20', { skip: 41, take: 20 }, 45)).prev).toBe('/Employees?skip=21&take=20');
    expect(pageLinks('/Events?after=5', { take: 10 }, 3)).toBeUndefined();
  });

  it('a link keeps the query as the caller escaped it, escapes what a URI may not hold, and drops skip and take however spelled', () => {
    const links = linksOf(pageLinks('/Employees?lastName=a<b>&%73kip=7&Ta%6Be=3&tw%2Dtoken=x&note=%zz&&skip=0&take=10', { skip: 0, take: 10 }, 5));
    expect(links.first).toBe('/Employees?lastName=a%3Cb%3E&note=%zz&skip=0&take=10');
  });
});
