// Reading an uploaded resume (RES-03 to RES-05): the part named `resume` or `file`, at most 2 MiB
// (413, before anything is parsed), a declared type among the spec's five (415), and content that
// really is one of them (415): the bytes decide, not the name or the declared type.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { readUpload, type Upload, type UploadedFile, type UploadRules } from '../../platform/http/upload.ts';
import { detectFormat, RESUME_LIMITS, ResumeFileError, type ResumeFormat } from './resume.text.ts';
import { externalServiceProblem } from '../../platform/http/external-service.ts';
import { employeeProfileOf } from '../matching/employee-profile.schema.ts';
import { ResumeServiceError, type ParsedResume, type ResumeParser } from './resume.types.ts';

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

/** What a resume upload accepts: its size and declared types (the content decides: resumeOf). */
export const RESUME_UPLOAD: Omit<UploadRules, 'fileFields'> = { maxBytes: RESUME_LIMITS.maxBytes, types: DECLARED };

export async function readResumeUpload(request: FastifyRequest): Promise<ResumeUpload> {
  return resumeOf(await readUpload(request, { fileFields: ['resume', 'file'], ...RESUME_UPLOAD }));
}

/** The uploaded file as a resume: not empty, of a format the parser reads, declared as what it is (400, 415). */
export function resumeOf<U extends UploadedFile>(upload: U): U & { format: ResumeFormat; contentType: string } {
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

/** The parser's reading of the upload; a file it cannot read is the caller's 400, a parsing service that fails a 520/521. */
export async function parseResume(parser: ResumeParser, tenantId: number, upload: Pick<UploadedFile, 'bytes'>): Promise<ParsedResume> {
  try {
    return await parser.parse(upload.bytes, { tenantId });
  } catch (e) {
    if (e instanceof ResumeFileError) {
      throw new AppError(e.code === 'TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', `The resume could not be read: ${e.message}`, { resume: [`${e.code}: ${e.message}`] });
    }
    if (e instanceof ResumeServiceError) throw externalServiceProblem(e, `The resume parsing service: ${e.message}`);
    throw e;
  }
}

/** The resume as the employee's profile keeps it: the file, its text, and the profile the parser read. */
export const keptResume = (upload: UploadedFile & { contentType: string }, parsed: ParsedResume) => ({
  file: { fileName: upload.fileName, contentType: upload.contentType, bytes: upload.bytes, text: parsed.text },
  profile: employeeProfileOf(parsed),
});
