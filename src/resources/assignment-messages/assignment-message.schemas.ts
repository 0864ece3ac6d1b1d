// Request and response shapes of an assignment's messages and their documents (ASG-16 to ASG-27,
// decision 0018).
import { Type, type Static } from 'typebox';
import { Id32, Id64, nullable } from '../../platform/records/shapes.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { dateTime, isoDateTime, MessageFields } from '../messages/message.schemas.ts';


export const MessageParams = Type.Object({
  assignmentId: Id64('Id of the assignment (Int64).'),
  messageId: Id64('Id of the message (Int64).'),
});
export const DocumentParams = Type.Object({ ...MessageParams.properties, documentId: Id64('Id of the document (Int64).') });

/** ASG-27: the message update request, a full replacement (PUT): what is left out becomes null. Its fields are a message's (messages/). */
export const MessageUpdate = Type.Object(MessageFields, { $id: 'AssignmentMessageUpdate' });

export const DocumentListQuery = PageQuery;

/**
 * The upload form (ASG-19 to ASG-25), field names as the spec writes them (matched case-insensitively).
 * Validation reads `DocumentFields`; `File` is here for the API description.
 */
export const DocumentFields = Type.Object({
  DocumentName: Type.String({ minLength: 1, maxLength: 255, description: 'Required, 1 to 255 characters.' }),
  DocumentTypeId: Id32('Required: one of GET /Datalists/DocumentTypes.'),
  Description: Type.Optional(Type.String({ maxLength: 255, description: 'At most 255 characters.' })),
  ExpirationDate: Type.Optional(isoDateTime('When the document expires (an I-9 work authorization, a certification).')),
  Version: Type.Optional(Type.String({ maxLength: 50, description: 'At most 50 characters.' })),
});
export type DocumentFieldsInput = Static<typeof DocumentFields>;

export const DocumentUploadForm = Type.Object({
  File: Type.Optional(Type.Unsafe<string>({ type: 'string', format: 'binary', description: 'The file (optional: a document may be recorded without one). '
    + 'PDF, PNG, JPEG, GIF, TIFF, WEBP, DOC, DOCX, XLS, XLSX, RTF or plain text (TXT, CSV), at most DOCUMENT_UPLOAD_MAX_BYTES (10 MiB); the content decides the type.' })),
  ...DocumentFields.properties,
}, { $id: 'AssignmentMessageDocumentUpload' });

export const DocumentCreated = Type.Object({ documentId: Type.Integer({ description: 'Id of the new document; Location is its download.' }) }, { $id: 'AssignmentMessageDocumentCreated' });

export const DocumentItem = Type.Object({
  documentId: Type.Integer(),
  assignmentId: Type.Integer(),
  messageId: Type.Integer(),
  documentName: Type.String(),
  documentTypeId: Type.Integer(),
  documentType: Type.String(),
  description: nullable(Type.String()),
  expirationDate: nullable(dateTime('When the document expires.')),
  version: nullable(Type.String()),
  hasFile: Type.Boolean({ description: 'False for a document recorded without a file (its download is 404).' }),
  fileName: nullable(Type.String()),
  contentType: nullable(Type.String({ description: 'Detected from the content, not the declared type.' })),
  size: nullable(Type.Integer({ description: 'Bytes.' })),
  createdByServiceRepId: Type.Integer(),
  dateCreated: dateTime('When it was uploaded.'),
}, { $id: 'AssignmentMessageDocument', additionalProperties: false });
