// The documents of an assignment's messages (ASG-18 to ASG-25, decision 0018): the spec's upload,
// and this design's list and download (AMB-63 (a)).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { AppError } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import * as S from './assignment-message.schemas.ts';
import { assignmentAndMessage } from './assignment-message.repository.ts';
import { createDocument, documentFile, listDocuments } from './message-document.repository.ts';
import { readDocumentUpload } from './message-document.form.ts';
import { DOCUMENT_READ_SCOPES } from './message-document.events.ts';

/** ASG-18: uploading needs assignment-write; reading takes either assignment scope, as the assignment's other reads. */
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assignment-write'] };
const read: Access = { roles: ['ServiceRep', 'Service'], scopes: DOCUMENT_READ_SCOPES };
const tags = ['Assignments'];
const base = '/Assignments/:assignmentId/messages/:messageId/documents';

/** RFC 6266: an ASCII fallback for old clients, and the exact name in UTF-8 (filename*). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export async function messageDocumentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  const maxBytes = app.config.DOCUMENT_UPLOAD_MAX_BYTES;

  api.post(base, {
    config: { access: write, representation: 'record', recordName: 'AssignmentMessageDocumentCreated' },
    schema: {
      tags, operationId: 'createAssignmentMessageDocument', consumes: ['multipart/form-data'],
      summary: 'Attach a document to a message of the assignment (linking the message to the assignment, as PUT does): multipart/form-data with '
        + 'DocumentName and DocumentTypeId (required), Description, ExpirationDate, Version, and optionally the File. 201 with the documentId and '
        + 'its download as Location; 404 when the assignment or message is not visible; 413 over the size limit; 415 content of another kind, or '
        + 'declared as another kind.',
      params: S.MessageParams, documentedBody: S.DocumentUploadForm, response: { 201: S.DocumentCreated },
    },
  }, async (request, reply) => {
    const { assignmentId, messageId } = request.params;
    // Refused before the body is read: nothing is uploaded to what the caller cannot reach.
    await assignmentAndMessage(request.scope, assignmentId, messageId);
    const document = await readDocumentUpload(request, maxBytes);
    const documentId = await createDocument(request.scope, assignmentId, messageId, document);
    return reply.code(201).header('location', `/Assignments/${assignmentId}/messages/${messageId}/documents/${documentId}`).send({ documentId });
  });

  api.get(base, {
    config: { access: read, representation: 'list', recordName: 'AssignmentMessageDocument' },
    schema: {
      tags, operationId: 'listAssignmentMessageDocuments',
      summary: 'The documents uploaded to a message under this assignment, oldest first (metadata; the file is the download). 404 when the assignment or message is not visible.',
      params: S.MessageParams, querystring: S.DocumentListQuery, response: { 200: PagedList(S.DocumentItem) },
    },
  }, async (request) => {
    const { assignmentId, messageId } = request.params;
    return listDocuments(request.scope, assignmentId, messageId, request.query);
  });

  api.get(`${base}/:documentId`, {
    config: { access: read },
    schema: {
      tags, operationId: 'downloadAssignmentMessageDocument',
      summary: 'The document\'s file, as uploaded, with its detected media type and its name (Content-Disposition: attachment). 404 when the '
        + 'document is not there or was recorded without a file.',
      params: S.DocumentParams,
      response: { 200: { description: 'The file.', content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } } } },
    },
  }, async (request, reply) => {
    const { assignmentId, messageId, documentId } = request.params;
    const file = await documentFile(request.scope, assignmentId, messageId, documentId);
    if (!file) throw new AppError('NOT_FOUND', 'The document does not exist here, is not visible to the caller, or has no file.');
    return reply.type(file.contentType).headers({
      'content-disposition': contentDisposition(file.fileName), 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-cache',
    }).send(file.content);
  });
}
