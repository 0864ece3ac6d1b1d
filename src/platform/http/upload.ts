// Multipart uploads: at most one file and a few text fields. The size limit holds before and while
// reading: a Content-Length that cannot fit is refused before a byte is read, and nothing past the
// limit is buffered. The declared type is checked before the file is read, and a caller's
// `inspectHead` sees the first bytes as they arrive, so content of the wrong kind is refused without
// reading the rest (the bytes decide the real type; callers check the whole file too).
// 400 for a malformed body, 413 too large, 415 a refused type.
import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, codeOfStatus } from './errors.ts';

const LIMITS = { files: 1, fields: 20, fieldSize: 4096, parts: 21, headerPairs: 100 };
/** What the multipart envelope may add to the file: every field at its largest, and part headers. */
const ENVELOPE_BYTES = LIMITS.fields * LIMITS.fieldSize + 16 * 1024;
/** Bytes `inspectHead` gets at least (or the whole of a smaller file): enough for every magic number file-type reads. */
export const HEAD_BYTES = 4100;

export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: LIMITS });
}

/**
 * A client's file name as it may be stored and shown: the last path segment, without control or
 * bidirectional-override characters (PostgreSQL text cannot hold NUL; a reversed name misleads a
 * reader), at most 255 characters with the extension kept; `upload` when nothing is left.
 */
export function safeFileName(name: string | undefined, fallback = 'upload'): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = (name ?? '').split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return fallback;
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - extension.length) + extension;
}

export interface UploadedFile { fileName: string; declaredType: string; bytes: Buffer }
export interface Upload extends UploadedFile { fields: Record<string, string> }
/** A form whose file part is optional. */
export interface MultipartForm { file?: UploadedFile; fields: Record<string, string> }

export interface UploadRules {
  /** Accepted names of the file part (case-insensitive). */
  fileFields: string[];
  maxBytes: number;
  /** Declared content types accepted (application/octet-stream is always accepted: the bytes decide). */
  types: string[];
  /** Sees the file's first HEAD_BYTES (or all of a smaller file) before the rest is read; throws to refuse it. */
  inspectHead?: (head: Buffer, declaredType: string) => void | Promise<void>;
}

/** Reads a multipart request holding one file (and fields), or answers 400/413/415. */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  const { file, fields } = await readMultipart(request, rules);
  if (!file) throw new AppError('VALIDATION_FAILED', 'The file is missing.', { [rules.fileFields[0] ?? 'file']: ['is required (multipart/form-data file part)'] });
  return { ...file, fields };
}

/** Reads a multipart request holding at most one file (and fields), or answers 400/413/415. */
export async function readMultipart(request: FastifyRequest, rules: UploadRules): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');
  // Refuse at once what cannot fit.
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > rules.maxBytes + ENVELOPE_BYTES) throw closing(tooLarge(rules.maxBytes));
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  const names = rules.fileFields.map((n) => n.toLowerCase());
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!names.includes(part.fieldname.toLowerCase())) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unexpected file part "${part.fieldname}".`, { [part.fieldname]: [`the file part is named ${rules.fileFields.join(' or ')}`] });
      }
      const declared = (part.mimetype.split(';')[0] ?? '').trim().toLowerCase();
      if (declared && declared !== 'application/octet-stream' && !rules.types.includes(declared)) {
        part.file.resume();
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Files of type ${declared} are not accepted; allowed: ${rules.types.join(', ')}.`);
      }
      const bytes = await readFile(part.file, rules, declared);
      // A form's file input left empty still sends its part: no name, no bytes. That is no file.
      if (!part.filename && bytes.length === 0) continue;
      file = { fileName: safeFileName(part.filename), declaredType: declared, bytes };
    }
  } catch (e) {
    throw closing(uploadError(e, rules.maxBytes));
  }
  return { file, fields };
}

/** The file's bytes, stopping at the size limit and at a refused head. */
async function readFile(stream: Readable & { truncated: boolean }, rules: UploadRules, declared: string): Promise<Buffer> {
  // Past the limit busboy drops the rest of the part: without this, a body that never ends (chunked) would be waited for.
  stream.once('limit', () => stream.destroy(tooLarge(rules.maxBytes)));
  const chunks: Buffer[] = [];
  let size = 0;
  let inspected = rules.inspectHead === undefined;
  for await (const chunk of stream) {
    if (stream.truncated) throw tooLarge(rules.maxBytes);
    if (!Buffer.isBuffer(chunk)) continue;
    chunks.push(chunk);
    size += chunk.length;
    if (!inspected && size >= HEAD_BYTES) {
      inspected = true;
      await rules.inspectHead?.(Buffer.concat(chunks, size), declared);
    }
  }
  if (stream.truncated) throw tooLarge(rules.maxBytes);
  const bytes = Buffer.concat(chunks, size);
  if (!inspected && size > 0) await rules.inspectHead?.(bytes, declared);
  return bytes;
}

function hasCode(e: unknown): e is { code: string } {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string';
}

function clientStatus(e: unknown): number | undefined {
  const status = typeof e === 'object' && e !== null && 'statusCode' in e && typeof e.statusCode === 'number' ? e.statusCode : undefined;
  return status !== undefined && status >= 400 && status < 500 ? status : undefined;
}

/**
 * A refusal before the body is read to its end closes the connection once answered: the rest of an
 * upload is not waited for (a chunked one may never end), and a connection left unread would not
 * notice its client leaving.
 */
function closing(e: unknown): unknown {
  return e instanceof AppError ? new AppError(e.code, e.message, e.errors, { ...e.headers, connection: 'close' }, e.extensions) : e;
}

/**
 * Ours as they are; the multipart plugin's own (limits, a closed request) keep their status; what
 * busboy throws (no boundary, a part or the form ending early, a malformed header) is a 400.
 */
function uploadError(e: unknown, maxBytes: number): unknown {
  if (e instanceof AppError) return e;
  if (hasCode(e) && e.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  const status = clientStatus(e);
  if (status !== undefined && e instanceof Error) return new AppError(codeOfStatus(status), e.message);
  if (e instanceof Error) {
    return new AppError('VALIDATION_FAILED', `The multipart/form-data body is malformed: ${e.message}.`, { body: ['is not a well-formed multipart/form-data body'] });
  }
  return e;
}

function tooLarge(max: number) {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${max} bytes (${(max / 1024 / 1024).toFixed(0)} MiB).`);
}
