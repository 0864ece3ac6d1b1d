// Every fixture is generated here (no downloaded or committed files): the same two-page resume in
// each format, then damaged, disguised and oversized files.
import { describe, expect, it } from 'vitest';
import { AlignmentType, Document, Header, Packer, PageBreak, Paragraph, Textbox } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import CFB from 'cfb';
import { zipSync } from 'fflate';
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

async function makeDocx(): Promise<Buffer> {
  // Name and contact line only in the header, the address only in a text box: both must be read.
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(NAME), new Paragraph(CONTACT)] }) },
        children: [
          new Textbox({ children: [new Paragraph(ADDRESS)], style: { width: '3in', height: 'auto' } }),
          ...PAGE_ONE.map((line) => new Paragraph(line)),
          new Paragraph({ children: [new PageBreak()] }),
          ...PAGE_TWO.map((line) => new Paragraph({ text: line, alignment: AlignmentType.LEFT })),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

async function makePdf(pageCount = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica); // WinAnsi: accented letters work
  const pages = pageCount === 2 ? [[NAME, CONTACT, ADDRESS, ...PAGE_ONE], PAGE_TWO] : Array.from({ length: pageCount }, (_, n) => [`Page ${n + 1} ${NAME}`]);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, n) => page.drawText(line, { x: 50, y: 740 - n * 20, size: 11, font }));
  }
  return Buffer.from(await pdf.save());
}

/**
 * A minimal Word 97 binary: a compound file with a WordDocument stream (FIB, then the text as
 * UTF-16) and a 1Table stream (header story table and a one-piece piece table). The name and
 * contact line are only in the header story.
 */
function makeDoc(): Buffer {
  const body = [ADDRESS, ...PAGE_ONE, '\f', ...PAGE_TWO].join('\r') + '\r';
  const header = `${NAME}\r${CONTACT}\r`;
  const text = body + header;
  const textStart = 0x400;
  const word = Buffer.alloc(textStart + text.length * 2);
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: 1Table
  word.writeUInt32LE(textStart, 0x18); // fcMin
  word.writeUInt32LE(textStart + text.length * 2, 0x1c); // fcMac
  word.writeUInt32LE(body.length, 0x4c); // ccpText
  word.writeUInt32LE(header.length, 0x54); // ccpHdd
  word.write(text, textStart, 'utf16le');

  // PlcfHdd: stories 0 to 5 (separators) empty, story 6 (odd header of section 1) the header.
  const plcfHdd = Buffer.alloc(8 * 4);
  plcfHdd.writeUInt32LE(header.length, 7 * 4);
  // Clx: one Pcd covering every character, stored as UTF-16 at textStart.
  const clx = Buffer.alloc(1 + 4 + 8 + 8);
  clx.writeUInt8(2, 0);
  clx.writeUInt32LE(16, 1);
  clx.writeUInt32LE(0, 5);
  clx.writeUInt32LE(text.length, 9);
  clx.writeUInt32LE(textStart, 13 + 2);
  const table = Buffer.concat([plcfHdd, clx]);
  word.writeUInt32LE(0, 0xf2); // fcPlcfHdd
  word.writeUInt32LE(plcfHdd.length, 0xf6); // lcbPlcfHdd
  word.writeUInt32LE(plcfHdd.length, 0x1a2); // fcClx
  word.writeUInt32LE(clx.length, 0x1a6); // lcbClx

  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/WordDocument', word);
  CFB.utils.cfb_add(cfb, '/1Table', table);
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

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
    const zip = Buffer.from(zipSync({ 'content.xml': new TextEncoder().encode('<office:document/>') }));
    expect(await failure(zip)).toBe('UNSUPPORTED_TYPE');
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

describe('extractText: limits for untrusted files (RES-05, PAGE-09)', () => {
  it('RES-05: refuses 2 MiB + 1 byte before parsing, accepts exactly 2 MiB', async () => {
    const tooBig = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
    tooBig.write('%PDF-1.7 not really a PDF');
    expect(await failure(tooBig)).toBe('TOO_LARGE');
    const atLimit = await extractText(Buffer.alloc(2 * 1024 * 1024, 'a'));
    expect(atLimit.format).toBe('txt');
  });

  it('PAGE-09: refuses a zip bomb disguised as a DOCX, by its declared sizes', async () => {
    const contentTypes =
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
    const docx = (size: number) => {
      const xml = new Uint8Array(size).fill(0x20); // a document.xml of spaces, after a real start
      xml.set(new TextEncoder().encode('<w:document><w:body><w:p><w:r><w:t>x</w:t></w:r></w:p>'));
      return Buffer.from(zipSync({ '[Content_Types].xml': new TextEncoder().encode(contentTypes), 'word/document.xml': xml }, { level: 9 }));
    };
    const huge = docx(64 * 1024 * 1024); // over 20 MB unpacked
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    expect(await failure(huge)).toBe('TOO_LARGE');
    expect(await failure(docx(4 * 1024 * 1024))).toBe('TOO_LARGE'); // small, but a ratio over 100

    // Declaring a small size does not help: the ZIP reader never inflates past the declared size
    // (word-extractor then never settles, so the time limit ends it).
    const liar = docx(4 * 1024 * 1024);
    for (let p = 0; p < liar.length - 4; p++) {
      if (liar.readUInt32LE(p) === 0x04034b50 && liar.readUInt32LE(p + 22) > 1000) liar.writeUInt32LE(1000, p + 22);
      if (liar.readUInt32LE(p) === 0x02014b50 && liar.readUInt32LE(p + 24) > 1000) liar.writeUInt32LE(1000, p + 24);
    }
    expect(await failure(liar, { timeoutMs: 300 })).toMatch(/^(CORRUPT|TIMEOUT)$/);
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
