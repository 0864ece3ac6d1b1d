// The file store: PostgreSQL today (file.table.ts); an S3-compatible store can replace these
// functions when volumes grow, without touching the callers.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { DataScope } from '../scope.ts';
import { storedFiles } from './file.table.ts';

export interface StoredFile { id: number; fileName: string; contentType: string; size: number; content: Buffer }

export async function putFile(db: Db, tenantId: number, file: { fileName: string; contentType: string; content: Buffer }): Promise<number> {
  const [row] = await db.insert(storedFiles).values({
    tenantId, fileName: file.fileName, contentType: file.contentType, size: file.content.length,
    sha256: createHash('sha256').update(file.content).digest(), content: file.content,
  }).returning({ id: storedFiles.id });
  return row!.id;
}

export async function getFile(db: Db, tenantId: number, id: number): Promise<StoredFile | undefined> {
  const [row] = await db.select({
    id: storedFiles.id, fileName: storedFiles.fileName, contentType: storedFiles.contentType, size: storedFiles.size, content: storedFiles.content,
  }).from(storedFiles).where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.id, id)));
  return row;
}

export async function deleteFile(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(storedFiles).where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.id, id)));
}

/** The same, bound to a caller's tenant (and transaction): the door for resource code, which holds no raw handle. */
export function scopedFiles(scope: DataScope) {
  return {
    put: (file: { fileName: string; contentType: string; content: Buffer }) => putFile(scope.db, scope.tenantId, file),
    get: (id: number) => getFile(scope.db, scope.tenantId, id),
    delete: (id: number) => deleteFile(scope.db, scope.tenantId, id),
  };
}
