// Reading the document upload form (ASG-19 to ASG-25): the optional `File` part, checked while it
// streams (size, then its first bytes) and then whole, and the text fields, validated against
// DocumentFields with their names matched case-insensitively. Bad fields: one 400 naming each.
import type { FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { addFieldError, AppError, invalid, type FieldErrors } from '../../platform/http/errors.ts';
import { parseDateTime } from '../../platform/records/json-patch/values.ts';
import { readMultipart } from '../../platform/http/upload.ts';
import { DocumentFields, type DocumentFieldsInput } from './assignment-message.schemas.ts';
import { checkDocumentHead, DECLARABLE_TYPES, documentMediaType } from './message-document.content.ts';
import type { NewDocument } from './message-document.repository.ts';

const FIELD_NAMES = new Map(Object.keys(DocumentFields.properties).map((name) => [name.toLowerCase(), name]));

function isFields(value: unknown): value is DocumentFieldsInput {
  return Value.Check(DocumentFields, value);
}

/** The fields under the schema's spelling; an empty value (an empty form input) is a field not given. */
export function documentFields(raw: Record<string, string>): DocumentFieldsInput {
  const named: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = FIELD_NAMES.get(key.toLowerCase());
    if (name && value !== '') named[name] = value;
  }
  const converted = Value.Convert(DocumentFields, named);
  if (isFields(converted)) return converted;
  const errors: FieldErrors = {};
  for (const e of Value.Errors(DocumentFields, converted)) {
    const missing = e.keyword === 'required' && 'requiredProperties' in e.params && Array.isArray(e.params.requiredProperties) ? e.params.requiredProperties : [];
    for (const field of missing.length ? missing.map(String) : [e.instancePath.replace(/^\//, '') || 'body']) {
      addFieldError(errors, field, missing.length ? 'is required' : e.message);
    }
  }
  const detail = Object.entries(errors).map(([k, m]) => `${k}: ${m.join('; ')}`).join(' | ');
  throw new AppError('VALIDATION_FAILED', detail, errors);
}

/** The name a file is stored and served under: its last path segment (some browsers send the whole path), without control characters. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...last].filter((c) => c >= ' ' && c !== '\u007f').join('').trim().slice(0, 255);
  return cleaned || 'document';
}

export async function readDocumentUpload(request: FastifyRequest, maxBytes: number): Promise<NewDocument> {
  const form = await readMultipart(request, { fileFields: ['File'], maxBytes, types: [...DECLARABLE_TYPES], inspectHead: checkDocumentHead });
  const fields = documentFields(form.fields);
  const expirationDate = fields.ExpirationDate === undefined ? null : parseDateTime(fields.ExpirationDate);
  if (expirationDate === undefined) throw invalid('ExpirationDate', 'must be an ISO 8601 date-time');
  let file: NewDocument['file'] = null;
  if (form.file) {
    if (form.file.bytes.length === 0) throw invalid('File', 'is empty');
    const contentType = await documentMediaType(form.file.bytes, form.file.declaredType);
    file = { fileName: cleanFileName(form.file.fileName), contentType, content: form.file.bytes };
  }
  return {
    documentName: fields.DocumentName, documentTypeId: fields.DocumentTypeId, description: fields.Description ?? null,
    expirationDate, version: fields.Version ?? null, file,
  };
}
