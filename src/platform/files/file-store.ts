// The file store: PostgreSQL today (file.table.ts); an S3-compatible store can replace these
// functions when volumes grow, without touching the callers. A file is the caller's tenant's: each
// goes through the scope, which binds the tenant.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DataScope } from '../scope.ts';
import { storedFiles } from './file.table.ts';

export interface StoredFile { id: number; fileName: string; contentType: string; size: number; content: Buffer }

export async function putFile(scope: DataScope, file: { fileName: string; contentType: string; content: Buffer }): Promise<number> {
  const [row] = await scope.insert(storedFiles, {
    fileName: file.fileName, contentType: file.contentType, size: file.content.length,
    sha256: createHash('sha256').update(file.content).digest(), content: file.content,
  }).returning({ id: storedFiles.id });
  return row!.id;
}

export async function getFile(scope: DataScope, id: number): Promise<StoredFile | undefined> {
  const [row] = await scope.select(storedFiles, {
    id: storedFiles.id, fileName: storedFiles.fileName, contentType: storedFiles.contentType, size: storedFiles.size, content: storedFiles.content,
  }).where(eq(storedFiles.id, id));
  return row;
}

export async function deleteFile(scope: DataScope, id: number): Promise<void> {
  await scope.delete(storedFiles).where(eq(storedFiles.id, id));
}
