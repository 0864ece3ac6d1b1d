// Every fixture is generated here (no downloaded files; the encrypted PDFs are committed, see
// resume.fixtures.ts): the same two-page resume in each format, then damaged, disguised and
// oversized files.
import { describe, expect, it } from 'vitest';
import { docFile, docxFile, encryptedPdf, otherZip, OWNER_PASSWORD_PDFS, pdfFile, SAMPLE_PERSON, zipBombDocx } from './resume.fixtures.ts';
import { extractText, normaliseText, ResumeFileError, type ResumeFileErrorCode } from './resume.text.ts';

const NAME = 'Maria José Ortega';
const EMAIL = 'maria.ortega@example.com';
const PHONE = '+1 (555) 010-4477';
const ADDRESS = '742 Evergreen Terrace, Springfield, IL 62704';
const CONTACT = `${EMAIL} | ${PHONE}`;
const PAGE_ONE = [
  'Skills',
  'TypeScript, PostgreSQL, Kubernetes, Gestión de proyectos',
  'Experience',
  'Senior Engineer at Acme Corporation, 2019 to 2024',
  'Led the migration of the billing platform.',
];
const PAGE_TWO = [
  'Software Developer at Globex Ltd, 2015 to 2019',
  'Education',
  'Universidad Politécnica de Madrid, MSc Computer Science',
  'Lycée Français de Madrid, Baccalauréat',
];
const KNOWN = [
  NAME, EMAIL, PHONE, ADDRESS, 'TypeScript, PostgreSQL, Kubernetes, Gestión de proyectos',
  'Senior Engineer at Acme Corporation', 'Software Developer at Globex Ltd',
  'Universidad Politécnica de Madrid', 'Lycée Français de Madrid, Baccalauréat',
];
// The whole resume as lines, for the formats without headers.
const LINES = [NAME, CONTACT, ADDRESS, ...PAGE_ONE, ...PAGE_TWO];

// The generators live in resume.fixtures.ts (shared with the parser tests and the bench).
const makeDocx = () => docxFile({ header: [NAME, CONTACT], textbox: [ADDRESS], pages: [PAGE_ONE, PAGE_TWO] });
const makePdf = (pageCount = 2) =>
  pdfFile(pageCount === 2 ? [[NAME, CONTACT, ADDRESS, ...PAGE_ONE], PAGE_TWO] : Array.from({ length: pageCount }, (_, n) => [`Page ${n + 1} ${NAME}`]));
// Name and contact line only in the header story.
const makeDoc = () => docFile({ header: [NAME, CONTACT], pages: [[ADDRESS, ...PAGE_ONE], PAGE_TWO] });

function makeRtf(): Buffer {
  // Accents as \'hh (cp1252) and \uN? escapes, plus destinations that must not leak into the text.
  const esc = (s: string) =>
    [...s].map((ch) => (ch === 'é' ? "\\'e9" : ch === 'ó' ? '\\u243?' : ch === 'ç' ? "\\'e7" : ch.charCodeAt(0) > 127 ? `\\u${ch.charCodeAt(0)}?` : ch)).join('');
  const body = LINES.map((line) => `${esc(line)}\\par\n`).join('');
  const rtf =
    '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}}{\\colortbl;\\red255\\green0\\blue0;}' +
    '{\\*\\generator Test 1.0;}{\\info{\\title Secret title}{\\author Nobody}}\n' +
    `{\\header \\pard ${esc(NAME)}\\par}` +
    `\\pard\\plain\\f0\\fs22 ${body}\\page Jos\\u233?\\tab Ortega\\line {\\b Bold}\\'85\n}`;
  return Buffer.from(rtf, 'latin1');
}

async function failure(bytes: Buffer, options?: Parameters<typeof extractText>[1]): Promise<ResumeFileErrorCode> {
  const err: unknown = await extractText(bytes, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ResumeFileError);
  return (err as ResumeFileError).code;
}

function expectAllKnown(text: string) {
  for (const value of KNOWN) expect(text).toContain(value);
}

describe('extractText: the five allowed formats (RES-03)', () => {
  it('reads a two-page DOCX, with its header and text box', async () => {
    const result = await extractText(await makeDocx());
    expect(result.format).toBe('docx');
    expectAllKnown(result.text);
  });

  it('reads a two-page PDF and counts its pages', async () => {
    const result = await extractText(await makePdf());
    expect(result).toMatchObject({ format: 'pdf', pages: 2 });
    expectAllKnown(result.text);
  });

  it('reads a legacy Word DOC, with its header', async () => {
    const result = await extractText(makeDoc());
    expect(result.format).toBe('doc');
    expectAllKnown(result.text);
  });

  it("reads RTF with \\'hh and \\u escapes and skips font, colour and info tables", async () => {
    const result = await extractText(makeRtf());
    expect(result.format).toBe('rtf');
    expectAllKnown(result.text);
    expect(result.text).toContain('José Ortega'); // \tab, then spaces collapsed
    expect(result.text).toContain('Bold\u2026');
    expect(result.text).not.toMatch(/Helvetica|Secret title|Nobody|Test 1\.0|red255/);
  });

  it('reads UTF-8 text', async () => {
    const result = await extractText(Buffer.from(LINES.join('\r\n'), 'utf8'));
    expect(result.format).toBe('txt');
    expectAllKnown(result.text);
  });

  it('reads Latin-1 text', async () => {
    // 0x80 and 0x93/0x94 are Windows-1252: the euro sign and curly quotes.
    const latin1 = Buffer.concat([Buffer.from(LINES.join('\n'), 'latin1'), Buffer.from([0x0a, 0x80, 0x93, 0x41, 0x94])]);
    const result = await extractText(latin1);
    expect(result.format).toBe('txt');
    expectAllKnown(result.text);
    expect(result.text).toContain('\u20ac\u201cA\u201d');
  });

  it('detects the format from the content: a PNG named resume.docx is refused', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
    ]);
    expect(await failure(png)).toBe('UNSUPPORTED_TYPE');
  });

  it('refuses a ZIP that is not a Word document', async () => {
    expect(await failure(otherZip())).toBe('UNSUPPORTED_TYPE');
  });

  it('answers CORRUPT for a truncated PDF', async () => {
    const pdf = await makePdf();
    expect(await failure(pdf.subarray(0, Math.floor(pdf.length / 3)))).toBe('CORRUPT');
  });

  it('answers CORRUPT for a damaged DOC', async () => {
    const doc = makeDoc();
    expect(await failure(doc.subarray(0, 600))).toBe('CORRUPT');
  });

  it('answers EMPTY for an empty file and for whitespace only', async () => {
    expect(await failure(Buffer.alloc(0))).toBe('EMPTY');
    expect(await failure(Buffer.from(' \r\n\t\n'))).toBe('EMPTY');
  });
});

describe('extractText: encrypted PDFs', () => {
  it.each(OWNER_PASSWORD_PDFS)('reads a PDF protected only by an owner password (%s): anyone may open it', async (name) => {
    const result = await extractText(encryptedPdf(name));
    expect(result.format).toBe('pdf');
    expect(result.text).toContain(`${SAMPLE_PERSON.firstName} ${SAMPLE_PERSON.lastName}`);
    expect(result.text).toContain(SAMPLE_PERSON.email);
  });

  it('refuses a PDF that needs a password to open: CORRUPT, and the message says why', async () => {
    const err = await extractText(encryptedPdf('user-password-aes256')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResumeFileError);
    expect(err).toMatchObject({ code: 'CORRUPT', message: 'The PDF needs a password to open; upload a copy saved without one.' });
  });
});

describe('extractText: limits for untrusted files (RES-05, PAGE-09)', () => {
  it('RES-05: refuses 2 MiB + 1 byte before parsing, accepts exactly 2 MiB', async () => {
    const tooBig = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
    tooBig.write('%PDF-1.7 not really a PDF');
    expect(await failure(tooBig)).toBe('TOO_LARGE');
    const atLimit = await extractText(Buffer.alloc(2 * 1024 * 1024, 'a'));
    expect(atLimit.format).toBe('txt');
  });

  it('PAGE-09: refuses a zip bomb disguised as a DOCX, by its declared sizes', async () => {
    const docx = (size: number) => zipBombDocx(size);
    const huge = docx(64 * 1024 * 1024); // over 20 MB unpacked
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    expect(await failure(huge)).toBe('TOO_LARGE');
    expect(await failure(docx(4 * 1024 * 1024))).toBe('TOO_LARGE'); // small, but a ratio over 100
  });

  it('PAGE-09: a DOCX whose directory understates its sizes is measured while inflating, not timed out', async () => {
    // The bomb: a 2 KB file whose word/document.xml inflates to 2 MiB but is declared as
    // 1,000 bytes, in the central directory and the local header alike.
    const liar = zipBombDocx(2 * 1024 * 1024, 1000);
    expect(liar.length).toBeLessThan(4096);
    // The time limit is far away: the answer must come from the byte budget (100 times the file
    // size here), not from the timer. Before the budget this was TIMEOUT after the whole limit.
    expect(await failure(liar, { timeoutMs: 10_000 })).toBe('TOO_LARGE');
    // Under the budget, an entry that inflates to more than it declares is a damaged archive:
    // refused before word-extractor (whose ZIP reader stops at the declared size) stalls on it.
    const smallLiar = zipBombDocx(20_000, 1000);
    expect(smallLiar.length * 100).toBeGreaterThan(20_000);
    expect(await failure(smallLiar, { timeoutMs: 10_000 })).toBe('CORRUPT');
    // An honest DOCX still reads, with every entry measured.
    expect((await extractText(await makeDocx())).format).toBe('docx');
  });

  it('PAGE-09: refuses a PDF with 25 pages', async () => {
    expect(await failure(await makePdf(25))).toBe('TOO_MANY_PAGES');
    const allowed = await extractText(await makePdf(25), { maxPages: 25 });
    expect(allowed.pages).toBe(25);
  });

  it('PAGE-09: gives up when the time limit is reached', async () => {
    expect(await failure(await makePdf(), { timeoutMs: 0 })).toBe('TIMEOUT');
  });
});

describe('normaliseText', () => {
  it('unifies line ends, collapses spaces and keeps at most one blank line', () => {
    expect(normaliseText('  a\t\t b \r\n\r\n\r\n\r\nc\rd  \n')).toBe('a b\n\nc\nd');
  });
});
