// The file store: PostgreSQL today (file.table.ts); an S3-compatible store can replace these
// functions when volumes grow, without touching the callers. A file is the caller's tenant's: each
// goes through the scope, which binds the tenant.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DataScope } from '../scope.ts';
import { storedFileChunks, storedFiles } from './file.table.ts';

/** A chunk of a chunked file: large enough to keep the rows few, small enough to keep memory flat. */
export const CHUNK_BYTES = 1024 * 1024;

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

/**
 * Stores what `source` yields as one file, a chunk of CHUNK_BYTES at a time in the caller's
 * transaction (`tx`: the file exists once it commits, whole); pulling from the source as chunks are
 * written keeps the writer's memory at one chunk. Answers the file's id.
 */
export async function putChunkedFile(tx: DataScope, file: { fileName: string; contentType: string }, source: AsyncIterable<Buffer | string>): Promise<number> {
  const [row] = await tx.insert(storedFiles, { ...file, size: 0, sha256: Buffer.alloc(0), content: Buffer.alloc(0), chunked: true })
    .returning({ id: storedFiles.id });
  const fileId = row!.id;
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const content = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await tx.insert(storedFileChunks, { fileId, seq: seq++, content });
  };
  for await (const piece of source) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    hash.update(bytes);
    size += bytes.length;
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  await tx.update(storedFiles, { size, sha256: hash.digest() }).where(eq(storedFiles.id, fileId));
  return fileId;
}

/** A file's name, type and size, and its content a chunk at a time (one read per chunk: never the whole file). */
export async function openFile(scope: DataScope, id: number): Promise<{ fileName: string; contentType: string; size: number; content: AsyncIterable<Buffer> } | undefined> {
  const [row] = await scope.select(storedFiles, { fileName: storedFiles.fileName, contentType: storedFiles.contentType, size: storedFiles.size, chunked: storedFiles.chunked })
    .where(eq(storedFiles.id, id));
  if (!row) return undefined;
  const { chunked, ...meta } = row;
  return { ...meta, content: chunked ? chunksOf(scope, id) : wholeContent(scope, id) };
}

async function* wholeContent(scope: DataScope, id: number): AsyncGenerator<Buffer> {
  const file = await getFile(scope, id);
  if (file) yield file.content;
}

async function* chunksOf(scope: DataScope, fileId: number): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await scope.select(storedFileChunks, { content: storedFileChunks.content })
      .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.seq, seq)));
    if (!chunk) return;
    yield chunk.content;
  }
}
