// What an uploaded document really is (decision 0018): the content decides, never the name or the
// declared type. Magic numbers through file-type; Office's two container formats opened to tell a
// Word file from a spreadsheet; plain text (and CSV) is valid UTF-8 without NUL characters. A declared
// type that names other content is refused too (415).
import { fileTypeFromBuffer } from 'file-type';
import CFB from 'cfb';
import { AppError } from '../../platform/http/errors.ts';

/** The accepted kinds, by the name clients know them, with the one media type each is stored as. */
export const DOCUMENT_MEDIA_TYPES = {
  PDF: 'application/pdf',
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  GIF: 'image/gif',
  TIFF: 'image/tiff',
  WEBP: 'image/webp',
  DOC: 'application/msword',
  DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  XLS: 'application/vnd.ms-excel',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  RTF: 'application/rtf',
  TXT: 'text/plain',
  CSV: 'text/csv',
} as const;

const ACCEPTED: ReadonlySet<string> = new Set(Object.values(DOCUMENT_MEDIA_TYPES));
const TEXT: ReadonlySet<string> = new Set([DOCUMENT_MEDIA_TYPES.TXT, DOCUMENT_MEDIA_TYPES.CSV]);
/** Other spellings browsers and clients declare. */
const ALIASES: Record<string, string> = {
  'image/jpg': DOCUMENT_MEDIA_TYPES.JPEG, 'image/pjpeg': DOCUMENT_MEDIA_TYPES.JPEG, 'text/rtf': DOCUMENT_MEDIA_TYPES.RTF,
  'application/x-rtf': DOCUMENT_MEDIA_TYPES.RTF, 'application/csv': DOCUMENT_MEDIA_TYPES.CSV, 'text/comma-separated-values': DOCUMENT_MEDIA_TYPES.CSV,
};
/** Declared types let through to the content check (application/octet-stream always is). */
export const DECLARABLE_TYPES: readonly string[] = [...ACCEPTED, ...Object.keys(ALIASES)];
/** Compound files and zips: which Office format they hold is decided on the whole file. */
const CONTAINERS: ReadonlySet<string> = new Set(['application/x-cfb', 'application/zip']);

const KINDS = Object.keys(DOCUMENT_MEDIA_TYPES).join(', ');

function refused(what: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `The file's content is ${what}; accepted: ${KINDS}.`);
}

/** Valid UTF-8 without NUL; `partial` lets a multi-byte character be cut at the end (a file's first bytes). */
export function isText(bytes: Uint8Array, partial = false): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}

async function magic(bytes: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    // A container cut short (the first bytes of a zip) can stop the parser: undecided yet.
    return undefined;
  }
}

/**
 * Checks a file's first bytes while the rest is still arriving: content that cannot be an accepted
 * kind is refused before it is read whole.
 */
export async function checkDocumentHead(head: Buffer): Promise<void> {
  const found = await magic(head);
  if (found ? !ACCEPTED.has(found) && !CONTAINERS.has(found) : !isText(head, true)) throw refused(found ?? 'binary data of no accepted kind');
}

/** A compound file's kind, from its streams: Word keeps `WordDocument`, Excel `Workbook` (`Book` before Excel 97). */
function compoundKind(bytes: Buffer): string | undefined {
  let names: Set<string>;
  try {
    names = new Set(CFB.read(bytes, { type: 'buffer' }).FileIndex.map((entry) => entry.name.toLowerCase()));
  } catch {
    return undefined;
  }
  if (names.has('worddocument')) return DOCUMENT_MEDIA_TYPES.DOC;
  if (names.has('workbook') || names.has('book')) return DOCUMENT_MEDIA_TYPES.XLS;
  return undefined;
}

/**
 * The media type the document is stored and served as, or 415: content of no accepted kind, or a
 * declared type naming another kind (text/plain and text/csv are one kind: text).
 */
export async function documentMediaType(bytes: Buffer, declaredType: string): Promise<string> {
  const found = await magic(bytes);
  const declared = ALIASES[declaredType] ?? declaredType;
  let detected: string | undefined;
  if (found === 'application/x-cfb') detected = compoundKind(bytes);
  else if (found) detected = ACCEPTED.has(found) ? found : undefined;
  else if (isText(bytes)) detected = declared === DOCUMENT_MEDIA_TYPES.CSV ? DOCUMENT_MEDIA_TYPES.CSV : DOCUMENT_MEDIA_TYPES.TXT;
  if (!detected) throw refused(found ?? 'binary data of no accepted kind');
  const agrees = !declared || declared === 'application/octet-stream' || declared === detected || (TEXT.has(declared) && TEXT.has(detected));
  if (!agrees) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The file was declared as ${declaredType} but its content is ${detected}.`);
  return detected;
}
