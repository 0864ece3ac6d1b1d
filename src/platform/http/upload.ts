// Multipart uploads: one file and a few text fields, with the size limit enforced while reading
// (nothing past the limit is buffered) and before any parsing. 413 for too large, 415 for a
// declared type outside the allowed list; the bytes decide the real type (callers check them).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 4096, parts: 21, headerPairs: 100 } });
}

export interface Upload { fileName: string; declaredType: string; bytes: Buffer; fields: Record<string, string> }

export interface UploadRules {
  /** Accepted names of the file part (case-insensitive). */
  fileFields: string[];
  maxBytes: number;
  /** Declared content types accepted (application/octet-stream is always accepted: the bytes decide). */
  types: string[];
}

/** Reads a multipart request holding one file (and fields), or answers 400/413/415. */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  // Refuse at once what cannot fit (the multipart envelope adds a few hundred bytes).
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > rules.maxBytes + 64 * 1024) throw tooLarge(rules.maxBytes);
  const fields: Record<string, string> = {};
  let file: Omit<Upload, 'fields'> | undefined;
  const names = rules.fileFields.map((n) => n.toLowerCase());
  for await (const part of request.parts({ limits: { fileSize: rules.maxBytes } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (!names.includes(part.fieldname.toLowerCase())) {
      part.file.resume();
      throw new AppError('VALIDATION_FAILED', `Unexpected file part "${part.fieldname}".`, { [part.fieldname]: [`the file part is named ${rules.fileFields.join(' or ')}`] });
    }
    const declared = part.mimetype.split(';')[0]!.trim().toLowerCase();
    if (declared && declared !== 'application/octet-stream' && !rules.types.includes(declared)) {
      part.file.resume();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Files of type ${declared} are not accepted; allowed: ${rules.types.join(', ')}.`);
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(rules.maxBytes);
      throw e;
    }
    file = { fileName: part.filename || 'upload', declaredType: declared, bytes };
  }
  if (!file) throw new AppError('VALIDATION_FAILED', 'The file is missing.', { [rules.fileFields[0]!]: ['is required (multipart/form-data file part)'] });
  return { ...file, fields };
}

function tooLarge(max: number) {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${max} bytes (${(max / 1024 / 1024).toFixed(0)} MB).`);
}
