// Resume files generated for tests and the bench (no downloaded files): a known person written as
// PDF, DOCX, DOC, RTF or TXT, plus hostile files. Uses dev dependencies only. The encrypted PDFs are
// the one committed exception (fixtures/): no JavaScript library here writes PDF encryption.
import { readFileSync } from 'node:fs';
import { Document, Header, Packer, PageBreak, Paragraph, Textbox } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import CFB from 'cfb';
import { zipSync } from 'fflate';
import type { ResumeFormat } from './resume.text.ts';

export interface FixturePerson {
  firstName: string;
  /** Written between the first and last names (or after the first name, "LAST, First Middle"). */
  middleName?: string;
  lastName: string;
  email: string;
  /** As printed, with its label (`Mobile: (312) 555-0147`). */
  phone: string;
  address: { street1: string; street2?: string; municipality: string; region: string; postalCode: string } | null;
  skills: string[];
  jobs: { title: string; employer: string; start: string; end: string; bullets: string[] }[];
  schools: { school: string; degree: string; field: string | null; year: number }[];
}

export const SAMPLE_PERSON: FixturePerson = {
  firstName: 'Renée',
  lastName: "O'Connor-Díaz",
  email: 'renee.oconnor@example.com',
  phone: 'Mobile: (312) 555-0147',
  address: { street1: '742 Evergreen Terrace', street2: 'Apt 4B', municipality: 'Springfield', region: 'IL', postalCode: '62704' },
  skills: ['Forklift', 'OSHA 10', 'Pallet Jack', 'Microsoft Excel', 'Customer Service'],
  jobs: [
    {
      title: 'Forklift Operator', employer: 'Acme Logistics', start: 'Jan 2019', end: 'Present',
      bullets: ['Loaded and unloaded 40 trailers a week with a sit-down forklift and a reach truck.', 'Kept a perfect safety record across five years.'],
    },
    {
      title: 'Warehouse Associate', employer: 'Globex Corporation', start: '03/2017', end: '12/2018',
      bullets: ['Picked and packed orders with an RF scanner, averaging 160 lines an hour.', 'Trained six new associates on the pick path.'],
    },
    {
      title: 'Cashier', employer: 'Initech Foods', start: '2015', end: '2017',
      bullets: ['Handled cash and card payments and balanced the drawer each shift.'],
    },
  ],
  schools: [
    { school: 'Harold Washington College', degree: 'Associate of Arts', field: 'Business', year: 2016 },
    { school: 'Lincoln Park High School', degree: 'High School Diploma', field: null, year: 2014 },
  ],
};

/**
 * Names the parser got wrong on real resumes (issue 26, item 14), as SAMPLE_PERSON otherwise: a
 * surname that is also a job word, a capital inside a surname (lost when a layout writes it in
 * capitals), a two-letter surname that is also a particle, a middle name, two Spanish surnames.
 */
export const NAME_SHAPES: FixturePerson[] = [
  { firstName: 'Jamal', lastName: 'Cook' },
  { firstName: 'Ronald', lastName: 'McDonald' },
  { firstName: 'Thanh', lastName: 'Le' },
  { firstName: 'José', middleName: 'Luis', lastName: 'Hernández' },
  { firstName: 'Ana', lastName: 'García López' },
  { firstName: 'Ana', middleName: 'María', lastName: 'Pérez de la Cruz' },
  { firstName: 'John', middleName: 'Michael', lastName: 'Smith' },
].map((name) => ({ ...SAMPLE_PERSON, ...name, email: `${name.firstName}.${name.lastName.split(' ')[0]}@example.com`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() }));

export interface ResumeLayout {
  /** `last-first` writes "O'CONNOR-DÍAZ, Renée" ("HERNÁNDEZ, José Luis" with a middle name). */
  nameStyle?: 'first-last' | 'last-first';
  /** false: no section headings at all (one block of text). */
  sections?: boolean;
  /** Lines of filler per job, to make a two-page resume for the bench. */
  fillerLines?: number;
}

export interface ResumeContent { header: string[]; pages: string[][] }

/** The person as resume lines: a header (name, contact) and pages of body lines. */
export function resumeContent(person: FixturePerson, layout: ResumeLayout = {}): ResumeContent {
  const given = [person.firstName, person.middleName].filter(Boolean).join(' ');
  const name = layout.nameStyle === 'last-first' ? `${person.lastName.toUpperCase()}, ${given}` : `${given} ${person.lastName}`;
  const contact = `${person.email} | ${person.phone}`;
  const address = person.address ? [[person.address.street1, person.address.street2].filter(Boolean).join(', '), `${person.address.municipality}, ${person.address.region} ${person.address.postalCode}`] : [];
  const filler = (n: number) => Array.from({ length: layout.fillerLines ?? 0 }, (_, k) => `• Project ${n}.${k + 1}: coordinated daily work with the shift lead and kept the area clean and organised.`);
  const heading = (h: string) => (layout.sections === false ? [] : [h]);
  const jobs = person.jobs.flatMap((j, n) => [`${j.title}, ${j.employer} \u2013 ${j.start} \u2013 ${j.end}`, ...j.bullets.map((b) => `• ${b}`), ...filler(n + 1)]);
  const schools = person.schools.flatMap((s) => [s.school, `${s.degree}${s.field ? ` in ${s.field}` : ''}, ${s.year}`]);
  const pageOne = [
    ...heading('Summary'), 'Dependable worker with five years in warehouses and retail.',
    ...heading('Skills'), person.skills.join(', '),
    ...heading('Work Experience'), ...jobs,
  ];
  const pageTwo = [...heading('Education'), ...schools];
  return { header: [name, contact, ...address], pages: layout.fillerLines ? [pageOne, pageTwo] : [[...pageOne, ...pageTwo]] };
}

export async function makeResume(person: FixturePerson, format: ResumeFormat, layout: ResumeLayout = {}): Promise<Buffer> {
  const content = resumeContent(person, layout);
  switch (format) {
    case 'pdf':
      return pdfFile([[...content.header, ...content.pages[0]!], ...content.pages.slice(1)]);
    case 'docx':
      return docxFile(content);
    case 'doc':
      return docFile(content);
    case 'rtf':
      return rtfFile([...content.header, ...content.pages.flat()]);
    case 'txt':
      return Buffer.from([...content.header, ...content.pages.flat()].join('\r\n'), 'utf8');
  }
}

/** A DOCX; the header lines go in the page header, the text box lines in a text box (both must be read). */
export async function docxFile(content: ResumeContent & { textbox?: string[] }): Promise<Buffer> {
  const pages = content.pages.flatMap((lines, n) => [...(n > 0 ? [new Paragraph({ children: [new PageBreak()] })] : []), ...lines.map((line) => new Paragraph(line))]);
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: content.header.map((line) => new Paragraph(line)) }) },
        children: [
          ...(content.textbox ? [new Textbox({ children: content.textbox.map((line) => new Paragraph(line)), style: { width: '3in', height: 'auto' } })] : []),
          ...pages,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A PDF with one page per array of lines; long lines wrap, and pages overflow onto new ones. */
export async function pdfFile(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica); // WinAnsi: accented letters work
  const size = 10;
  for (const lines of pages) {
    let page = pdf.addPage([612, 792]);
    let y = 750;
    for (const line of lines.flatMap((l) => wrap(l, (s) => font.widthOfTextAtSize(s, size), 500))) {
      if (y < 50) {
        page = pdf.addPage([612, 792]);
        y = 750;
      }
      page.drawText(line, { x: 50, y, size, font });
      y -= 14;
    }
  }
  return Buffer.from(await pdf.save());
}

function wrap(line: string, width: (s: string) => number, max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && width(next) > max) {
      out.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  return [...out, current];
}

/**
 * A minimal Word 97 binary: a compound file with a WordDocument stream (FIB, then the text as
 * UTF-16) and a 1Table stream (header story table and a one-piece piece table). The header lines
 * are only in the header story.
 */
export function docFile(content: ResumeContent): Buffer {
  const body = content.pages.map((lines) => lines.join('\r')).join('\r\f\r') + '\r';
  const header = content.header.length > 0 ? content.header.join('\r') + '\r' : '';
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
  // cfb types what it writes as any: the buffer it was asked for is checked, not assumed.
  const written: unknown = CFB.write(cfb, { type: 'buffer' });
  if (!(written instanceof Uint8Array)) throw new Error('cfb did not write a buffer');
  return Buffer.from(written);
}

/** RTF with accents as \uN? escapes (cp1252 ones as \'hh) and a font table that must not leak. */
export function rtfFile(lines: string[]): Buffer {
  const esc = (s: string) =>
    [...s].map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch === '\\' || ch === '{' || ch === '}') return `\\${ch}`;
      if (code < 128) return ch;
      return code < 256 ? `\\'${code.toString(16)}` : `\\u${code}?`;
    }).join('');
  const body = lines.map((line) => `${esc(line)}\\par\n`).join('');
  return Buffer.from(`{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}}\n\\pard\\plain\\f0\\fs22 ${body}}`, 'latin1');
}

const CONTENT_TYPES =
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/**
 * A zip bomb disguised as a DOCX: a word/document.xml of `size` bytes (mostly spaces) that
 * compresses to almost nothing. `declaredSize` makes the archive lie about the unpacked size.
 */
export function zipBombDocx(size: number, declaredSize?: number): Buffer {
  const xml = new Uint8Array(size).fill(0x20);
  xml.set(new TextEncoder().encode('<w:document><w:body><w:p><w:r><w:t>x</w:t></w:r></w:p>'));
  const zip = Buffer.from(zipSync({ '[Content_Types].xml': new TextEncoder().encode(CONTENT_TYPES), 'word/document.xml': xml }, { level: 9 }));
  if (declaredSize !== undefined) {
    // Local headers (size at +22) and central directory entries (size at +24).
    for (let p = 0; p < zip.length - 4; p++) {
      if (zip.readUInt32LE(p) === 0x04034b50 && zip.readUInt32LE(p + 22) > declaredSize) zip.writeUInt32LE(declaredSize, p + 22);
      if (zip.readUInt32LE(p) === 0x02014b50 && zip.readUInt32LE(p + 24) > declaredSize) zip.writeUInt32LE(declaredSize, p + 24);
    }
  }
  return zip;
}

/**
 * SAMPLE_PERSON's PDF (makeResume) encrypted by qpdf 11, committed because CI has no qpdf:
 *   qpdf --allow-weak-crypto --encrypt "" owner-secret 128 --use-aes=n --print=none --modify=none --extract=n -- in.pdf owner-password-rc4.pdf
 *   qpdf --allow-weak-crypto --encrypt "" owner-secret 128 --use-aes=y (same flags) -- in.pdf owner-password-aes128.pdf
 *   qpdf --encrypt "" owner-secret 256 (same flags) -- in.pdf owner-password-aes256.pdf
 *   qpdf --encrypt user-secret owner-secret 256 -- in.pdf user-password-aes256.pdf
 * The owner-password ones open without a password (an empty user password); the last one does not.
 */
export const OWNER_PASSWORD_PDFS = ['owner-password-rc4', 'owner-password-aes128', 'owner-password-aes256'] as const;

export function encryptedPdf(name: (typeof OWNER_PASSWORD_PDFS)[number] | 'user-password-aes256'): Buffer {
  return readFileSync(new URL(`./fixtures/${name}.pdf`, import.meta.url));
}

/** A ZIP that is not a Word document (an OpenDocument text). */
export function otherZip(): Buffer {
  return Buffer.from(zipSync({ 'content.xml': new TextEncoder().encode('<office:document/>') }));
}
