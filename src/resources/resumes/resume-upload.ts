// Reading an uploaded resume (RES-03 to RES-05): the part named `resume` or `file`, at most 2 MiB
// (413, before anything is parsed), a declared type among the spec's five (415), and content that
// really is one of them (415): the bytes decide, not the name or the declared type.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { readUpload, type Upload } from '../../platform/http/upload.ts';
import { detectFormat, RESUME_LIMITS, ResumeFileError, type ResumeFormat } from './resume.text.ts';

export const RESUME_TYPES: Record<ResumeFormat, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  rtf: 'application/rtf',
};
/** `text/rtf` is what many browsers declare for RTF files. */
const DECLARED = [...Object.values(RESUME_TYPES), 'text/rtf'];

export interface ResumeUpload extends Upload { format: ResumeFormat; contentType: string }

export async function readResumeUpload(request: FastifyRequest): Promise<ResumeUpload> {
  const upload = await readUpload(request, { fileFields: ['resume', 'file'], maxBytes: RESUME_LIMITS.maxBytes, types: DECLARED });
  if (upload.bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.', { resume: ['is empty'] });
  let format: ResumeFormat;
  try {
    format = detectFormat(upload.bytes);
  } catch (e) {
    if (e instanceof ResumeFileError) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${e.message} Allowed: PDF, DOC, DOCX, RTF, plain text.`);
    throw e;
  }
  const declared = upload.declaredType === 'text/rtf' ? RESUME_TYPES.rtf : upload.declaredType;
  if (declared && declared !== 'application/octet-stream' && declared !== RESUME_TYPES[format]) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The file was declared as ${upload.declaredType} but its content is ${format.toUpperCase()}.`);
  }
  return { ...upload, format, contentType: RESUME_TYPES[format] };
}
