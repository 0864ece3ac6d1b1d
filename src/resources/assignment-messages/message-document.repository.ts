// Data access for the documents of an assignment's messages: the upload (its file through the file
// store, the document and the message's link to the assignment, one transaction), the list and the
// file. Documents are seen through the assignment and message they were uploaded under.
import { and, asc, eq, getTableName, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { invalid } from '../../platform/http/errors.ts';
import { toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { getFile, putFile, type StoredFile } from '../../platform/files/file-store.ts';
import { storedFiles } from '../../platform/files/file.table.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { documentTypes, messageDocuments } from './assignment-message.table.ts';
import { assignmentAndMessage, linkMessage } from './assignment-message.repository.ts';
import { MESSAGE_DOCUMENT_CREATED } from './message-document.events.ts';

const d = messageDocuments, f = storedFiles, dt = documentTypes;

export interface NewDocument {
  documentName: string; documentTypeId: number; description: string | null; expirationDate: Date | null; version: string | null;
  file: { fileName: string; contentType: string; content: Buffer } | null;
}

async function documentTypeUsable(scope: DataScope, id: number): Promise<boolean> {
  const rows = await scope.select(dt, { one: sql`1` }).where(and(eq(dt.id, id), eq(dt.isActive, true)));
  return rows.length > 0;
}

/** ASG-19: the new document's id, with its event. Uploading links the message to the assignment, as PUT does. */
export async function createDocument(scope: DataScope, assignmentId: number, messageId: number, doc: NewDocument): Promise<number> {
  return scope.transaction(async (tx) => {
    await assignmentAndMessage(tx, assignmentId, messageId);
    if (!(await documentTypeUsable(tx, doc.documentTypeId))) throw invalid('DocumentTypeId', 'is not a document type of GET /Datalists/DocumentTypes');
    const fileId = doc.file ? await putFile(tx, doc.file) : null;
    await linkMessage(tx, assignmentId, messageId);
    const { file: _file, ...fields } = doc;
    const [row] = await tx.insert(d, { messageId, assignmentId, ...fields, fileId, createdByServiceRepId: tx.principal.serviceRepId }).returning({ id: d.id });
    if (!row) throw new Error('The document insert returned no row.');
    await emitEvent(tx, MESSAGE_DOCUMENT_CREATED, getTableName(d), row.id);
    return row.id;
  });
}

const listed = {
  documentId: d.id, assignmentId: d.assignmentId, messageId: d.messageId, documentName: d.documentName, documentTypeId: d.documentTypeId,
  documentType: dt.name, description: d.description, expirationDate: d.expirationDate, version: d.version,
  hasFile: sql<boolean>`${d.fileId} is not null`, fileName: f.fileName, contentType: f.contentType, size: f.size,
  createdByServiceRepId: d.createdByServiceRepId, dateCreated: d.createdAt,
};

/** The documents uploaded under this assignment and message, oldest first. */
export async function listDocuments(scope: DataScope, assignmentId: number, messageId: number, page: Page): Promise<Paged<unknown>> {
  await assignmentAndMessage(scope, assignmentId, messageId);
  const where = and(eq(d.assignmentId, assignmentId), eq(d.messageId, messageId));
  const rows = await scope.selectJoined(d, { ...listed, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }, (q) => q
    .innerJoin(dt, and(eq(dt.tenantId, d.tenantId), eq(dt.id, d.documentTypeId)))
    .leftJoin(f, and(eq(f.tenantId, d.tenantId), eq(f.id, d.fileId))))
    .where(where).orderBy(asc(d.createdAt), asc(d.id)).limit(page.take).offset(page.skip);
  return toPage(rows, page, ({ totalCount: _t, ...item }) => item,
    async () => (await scope.select(d, { n: sql<number>`count(*)`.mapWith(Number) }).where(where))[0]?.n ?? 0);
}

/** The document's file, or undefined when there is no such document here or it has no file. */
export async function documentFile(scope: DataScope, assignmentId: number, messageId: number, documentId: number): Promise<StoredFile | undefined> {
  await assignmentAndMessage(scope, assignmentId, messageId);
  const [row] = await scope.select(d, { fileId: d.fileId }).where(and(eq(d.id, documentId), eq(d.assignmentId, assignmentId), eq(d.messageId, messageId)));
  return row?.fileId == null ? undefined : getFile(scope, row.fileId);
}
