// Plain text from an uploaded resume (PDF, DOC, DOCX, RTF, TXT). Files are untrusted: the size is
// checked before parsing, DOCX archives by their declared sizes and then by their real ones (a byte
// budget on the inflate), PDFs by page count, and each file gets a time budget. Decisions: docs/decisions/0009-resume-text.md.
import { inflateRawSync } from 'node:zlib';

export type ResumeFormat = 'pdf' | 'doc' | 'docx' | 'rtf' | 'txt';
export type ResumeFileErrorCode = 'UNSUPPORTED_TYPE' | 'TOO_LARGE' | 'CORRUPT' | 'TOO_MANY_PAGES' | 'TIMEOUT' | 'EMPTY';

export class ResumeFileError extends Error {
  constructor(
    readonly code: ResumeFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ResumeFileError';
  }
}

export interface ExtractOptions {
  maxBytes?: number;
  maxPages?: number;
  timeoutMs?: number;
}

export interface ExtractedText {
  format: ResumeFormat;
  text: string;
  pages?: number;
}

export const RESUME_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxPages: 20,
  timeoutMs: 5_000,
  maxUnzippedBytes: 20 * 1024 * 1024,
  maxZipRatio: 100,
} as const;

export async function extractText(bytes: Buffer, options: ExtractOptions = {}): Promise<ExtractedText> {
  const maxBytes = options.maxBytes ?? RESUME_LIMITS.maxBytes;
  const maxPages = options.maxPages ?? RESUME_LIMITS.maxPages;
  const timeoutMs = options.timeoutMs ?? RESUME_LIMITS.timeoutMs;

  if (bytes.length > maxBytes) {
    throw new ResumeFileError('TOO_LARGE', `The file is ${bytes.length} bytes; the limit is ${maxBytes} bytes.`);
  }
  if (bytes.length === 0) throw new ResumeFileError('EMPTY', 'The file is empty.');

  const format = detectFormat(bytes);
  const budget = { ms: timeoutMs, deadline: Date.now() + timeoutMs };
  let read: { text: string; pages?: number };
  try {
    read = await withTimeout(readText(format, bytes, maxPages, budget), timeoutMs);
  } catch (err) {
    if (err instanceof ResumeFileError) throw err;
    if (needsPassword(err)) throw new ResumeFileError('CORRUPT', 'The PDF needs a password to open; upload a copy saved without one.');
    throw new ResumeFileError('CORRUPT', `The ${format.toUpperCase()} file could not be read.`);
  }
  const text = normaliseText(read.text);
  if (!text) throw new ResumeFileError('EMPTY', 'The file contains no text.');
  return read.pages === undefined ? { format, text } : { format, text, pages: read.pages };
}

/** The format from the content; the declared type and file name are never trusted. */
export function detectFormat(bytes: Buffer): ResumeFormat {
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (startsWith(bytes, '{\\rtf')) return 'rtf';
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return 'doc';
  if (startsWith(bytes, 'PK\x03\x04')) {
    const entries = readZipDirectory(bytes);
    if (entries.some((e) => e.name === 'word/document.xml')) return 'docx';
    throw new ResumeFileError('UNSUPPORTED_TYPE', 'The archive is not a Word document (DOCX).');
  }
  if (decodePlainText(bytes) !== undefined) return 'txt';
  throw new ResumeFileError('UNSUPPORTED_TYPE', 'Only PDF, DOC, DOCX, RTF and plain-text resumes are accepted.');
}

interface Budget {
  ms: number;
  deadline: number;
}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function startsWith(bytes: Buffer, magic: string): boolean {
  return bytes.subarray(0, magic.length).equals(Buffer.from(magic, 'latin1'));
}

async function readText(format: ResumeFormat, bytes: Buffer, maxPages: number, budget: Budget): Promise<{ text: string; pages?: number }> {
  switch (format) {
    case 'pdf':
      return readPdf(bytes, maxPages, budget);
    case 'docx':
      checkZipSizes(bytes);
      return { text: await readWord(bytes) };
    case 'doc':
      return { text: await readWord(bytes) };
    case 'rtf':
      return { text: rtfToText(bytes) };
    case 'txt':
      return { text: decodePlainText(bytes) ?? '' };
  }
}

// A timer cannot interrupt synchronous parsing; it bounds the awaits, and readPdf checks the
// deadline between pages so a slow PDF stops early instead of running on in the background.
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(ms)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function timeoutError(ms: number): ResumeFileError {
  return new ResumeFileError('TIMEOUT', `Reading the file took longer than ${ms} ms.`);
}

// pdf.js opens a PDF protected only by an owner password (permission flags, an empty user password)
// and ignores the flags; only a PDF that needs a user password to open fails, with PasswordException.
function needsPassword(err: unknown): boolean {
  return err instanceof Error && err.name === 'PasswordException';
}

async function readPdf(bytes: Buffer, maxPages: number, budget: Budget): Promise<{ text: string; pages: number }> {
  // Loaded by the first PDF, not by every process that names a resume error (decision 0054).
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js may detach the buffer it is given, so it gets a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  try {
    const pages = pdf.numPages;
    if (pages > maxPages) {
      throw new ResumeFileError('TOO_MANY_PAGES', `The PDF has ${pages} pages; the limit is ${maxPages}.`);
    }
    const parts: string[] = [];
    for (let n = 1; n <= pages; n++) {
      if (Date.now() > budget.deadline) throw timeoutError(budget.ms);
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items) {
        if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : '');
      }
      parts.push('\n\n');
    }
    return { text: parts.join(''), pages };
  } finally {
    void pdf.destroy();
  }
}

async function readWord(bytes: Buffer): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(bytes);
  // Contact details often sit in headers and text boxes, so they come first.
  return [
    doc.getHeaders({ includeFooters: false }),
    doc.getTextboxes({ includeHeadersAndFooters: true, includeBody: true }),
    doc.getBody(),
    doc.getFootnotes(),
    doc.getEndnotes(),
    doc.getFooters(),
  ].join('\n\n');
}

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; the only two the ZIP reader under word-extractor (yauzl) reads. */
  method: number;
  compressedSize: number;
  /** The unpacked size the directory declares (it may lie). */
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const damagedZip = () => new ResumeFileError('CORRUPT', 'The DOCX archive is damaged.');

/** Reads the ZIP central directory without inflating anything. */
function readZipDirectory(bytes: Buffer): ZipEntry[] {
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damagedZip();
  const dirSize = bytes.readUInt32LE(eocd + 12);
  const dirStart = bytes.readUInt32LE(eocd + 16);
  if (dirStart + dirSize > eocd) throw damagedZip();
  const entries: ZipEntry[] = [];
  for (let p = dirStart; p < dirStart + dirSize; ) {
    if (p + 46 > eocd || bytes.readUInt32LE(p) !== 0x02014b50) throw damagedZip();
    const nameLength = bytes.readUInt16LE(p + 28);
    // ZIP64 is not read: its 0xFFFFFFFF size markers make the declared total too large, and a
    // resume of at most 2 MiB never needs it.
    entries.push({
      name: bytes.toString('utf8', p + 46, p + 46 + nameLength),
      method: bytes.readUInt16LE(p + 10),
      compressedSize: bytes.readUInt32LE(p + 20),
      size: bytes.readUInt32LE(p + 24),
      offset: bytes.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  return entries;
}

const zipBomb = (what: string) => new ResumeFileError('TOO_LARGE', `The DOCX ${what}; refused as a possible zip bomb.`);

/** The most a DOCX may unpack to: 20 MiB, and at most 100 times its own size. */
const unzipBudget = (bytes: Buffer) => Math.min(RESUME_LIMITS.maxUnzippedBytes, bytes.length * RESUME_LIMITS.maxZipRatio);

// Zip-bomb guard, first on the declared sizes, which costs nothing, then on the real ones.
function checkZipSizes(bytes: Buffer): void {
  const entries = readZipDirectory(bytes);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > unzipBudget(bytes)) throw zipBomb(`would unpack to ${declared} bytes`);
  checkInflatedSizes(bytes, entries);
}

/**
 * Every entry is inflated against one byte budget, and inflating stops as soon as the budget is
 * spent, whatever the directory declares. An entry that unpacks to another size than it declares is
 * refused as well: the ZIP reader under word-extractor (yauzl) stops at the declared size, and the
 * extraction then never settles (it used to hold a thread until the time limit).
 */
function checkInflatedSizes(bytes: Buffer, entries: ZipEntry[]): void {
  const budget = unzipBudget(bytes);
  let used = 0;
  for (const entry of entries) {
    const size = inflatedSize(bytes, entry, budget - used);
    used += size;
    if (used > budget) throw zipBomb(`unpacks to more than ${budget} bytes`);
    if (size !== entry.size) {
      throw new ResumeFileError('CORRUPT', `The DOCX archive is damaged: ${entry.name} unpacks to ${size} bytes, not the ${entry.size} its directory declares.`);
    }
  }
}

/** The entry's real unpacked size, inflating at most `allowance` bytes (a zip-bomb error past it). */
function inflatedSize(bytes: Buffer, entry: ZipEntry, allowance: number): number {
  const at = entry.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) throw damagedZip();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw damagedZip();
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.length;
  if (entry.method !== 8) throw damagedZip();
  try {
    // zlib checks maxOutputLength after each chunk it produces and stops there.
    return inflateRawSync(data, { maxOutputLength: Math.max(1, allowance) }).length;
  } catch (err) {
    if (err instanceof RangeError && 'code' in err && err.code === 'ERR_BUFFER_TOO_LARGE') throw zipBomb(`unpacks to more than ${unzipBudget(bytes)} bytes`);
    throw damagedZip();
  }
}

/** UTF-8 (or UTF-16 with a byte-order mark), else Windows-1252; undefined when it looks binary. */
function decodePlainText(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) return undefined;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) controls++;
  }
  // A few stray control characters happen in real text files; many mean a binary file.
  if (controls > bytes.length / 100) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeCp1252(bytes);
  }
}

// Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1, losing €, curly quotes and dashes.
const CP1252_80_9F =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';

function decodeCp1252(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80] : String.fromCharCode(b);
  return s;
}


export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\f\v]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Destinations whose text is not part of the document.
const RTF_SKIP = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'listtable', 'listoverridetable',
  'rsidtbl', 'revtbl', 'filetbl', 'themedata', 'colorschememapping', 'datastore', 'latentstyles', 'xmlnstbl',
]);
const RTF_CHARS: Record<string, string> = {
  par: '\n', line: '\n', sect: '\n\n', page: '\n\n', row: '\n', cell: '\t', tab: '\t',
  emdash: '\u2014', endash: '\u2013', bullet: '\u2022', lquote: '\u2018', rquote: '\u2019',
  ldblquote: '\u201c', rdblquote: '\u201d', emspace: ' ', enspace: ' ', qmspace: ' ',
};

/**
 * A small RTF reader: groups, paragraph and tab words, \'hh escapes in the document's ANSI code
 * page (cp1252 by default), \uN unicode escapes with their \ucN fallbacks, skipped destinations.
 */
export function rtfToText(bytes: Buffer): string {
  // One char per byte, so \bin lengths stay byte counts.
  const src = bytes.toString('latin1');
  let decode = decodeCp1252;
  const out: string[] = [];
  const stack: { skip: boolean; uc: number }[] = [];
  let state = { skip: false, uc: 1 };
  let pendingSkip = 0; // fallback characters still to drop after a \uN
  let i = 0;

  const emit = (s: string) => {
    if (!state.skip) out.push(s);
  };
  // A fallback character is a literal char or a \'hh escape; a group brace ends the fallback.
  const dropFallback = (): boolean => {
    if (pendingSkip > 0) {
      pendingSkip--;
      return true;
    }
    return false;
  };

  while (i < src.length) {
    const c = src[i]!;
    if (c === '{') {
      stack.push(state);
      state = { ...state };
      pendingSkip = 0;
      i++;
    } else if (c === '}') {
      state = stack.pop() ?? state;
      pendingSkip = 0;
      i++;
    } else if (c === '\r' || c === '\n') {
      i++;
    } else if (c !== '\\') {
      const code = c.charCodeAt(0);
      if (!dropFallback()) emit(code < 0x80 ? c : decode(Buffer.from([code])));
      i++;
    } else {
      const next = src[i + 1] ?? '';
      if (next === "'") {
        const hex = src.slice(i + 2, i + 4);
        i += 4;
        if (!dropFallback() && /^[0-9a-f]{2}$/i.test(hex)) emit(decode(Buffer.from(hex, 'hex')));
      } else if (/[a-z]/i.test(next)) {
        const m = /^\\([a-z]{1,32})(-?\d{1,10})? ?/i.exec(src.slice(i, i + 45))!;
        i += m[0].length;
        const word = m[1]!;
        const param = m[2] === undefined ? undefined : Number(m[2]);
        if (word === 'bin' && param) {
          i += param;
        } else if (pendingSkip > 0 && word !== 'u') {
          pendingSkip--; // a control word may itself be the fallback
        } else if (RTF_SKIP.has(word)) {
          state.skip = true;
        } else if (word === 'u' && param !== undefined) {
          emit(String.fromCharCode(param < 0 ? param + 65536 : param));
          pendingSkip = state.uc;
        } else if (word === 'uc' && param !== undefined) {
          state.uc = param;
        } else if (word === 'ansicpg' && param !== undefined && param !== 1252) {
          try {
            const decoder = new TextDecoder(`windows-${param}`);
            decode = (b) => decoder.decode(b);
          } catch {
            // an unknown code page: keep cp1252
          }
        } else if (RTF_CHARS[word] !== undefined) {
          emit(RTF_CHARS[word]);
        }
      } else {
        i += 2;
        if (next === '*') state.skip = true; // an ignorable destination this reader does not know
        else if (dropFallback()) continue;
        else if (next === '\\' || next === '{' || next === '}') emit(next);
        else if (next === '~') emit(' ');
        else if (next === '_') emit('-');
        else if (next === '\n' || next === '\r') emit('\n');
      }
    }
  }
  return out.join('');
}
