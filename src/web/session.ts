// Page sessions (decision 0021). One cookie per kind, HttpOnly, SameSite=Lax, Secure (and the
// `__Host-` prefix) when BASE_URL is https. The cookie value is 32 random bytes; the database keeps
// its SHA-256 and the data sealed with a key derived from it, so only the browser holding the cookie
// can open what a session carries (an administrator's API token, say).
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { webSessions } from './web-session.table.ts';

export type SessionKind = 'admin' | 'applicant';

export interface Session<Data> {
  tenantId: number;
  subjectId: number;
  data: Data;
  expiresAt: Date;
}

export interface SessionOptions {
  /** Secure cookies (https BASE_URL). */
  secure: boolean;
}

export function cookieName(kind: SessionKind, secure: boolean): string {
  return `${secure ? '__Host-' : ''}staffing-${kind}`;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest();
const keyOf = (id: string) => Buffer.from(hkdfSync('sha256', id, 'staffing-web-session', 'seal', 32));

function seal(id: string, data: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(id), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(id: string, sealed: string): unknown {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(id), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

export interface StartSession<Data> {
  kind: SessionKind;
  tenantId: number;
  subjectId: number;
  data: Data;
  ttlSeconds: number;
  meta?: Record<string, unknown>;
}

/** Starts a session and sets its cookie (any session of that kind the browser had is ended). */
export async function startSession<Data>(db: Db, request: FastifyRequest, reply: FastifyReply, options: SessionOptions, start: StartSession<Data>): Promise<void> {
  await endSession(db, request, reply, start.kind, options);
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + start.ttlSeconds * 1000);
  await db.insert(webSessions).values({
    idHash: hashOf(id), tenantId: start.tenantId, kind: start.kind, subjectId: start.subjectId,
    sealed: seal(id, start.data), meta: start.meta ?? {}, expiresAt,
  });
  reply.setCookie(cookieName(start.kind, options.secure), id, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure, expires: expiresAt,
  });
}

/**
 * The browser's session of `kind`, if it has a live one. `isData` checks the unsealed data's shape
 * (a session written by an older version reads as none).
 */
export async function currentSession<Data>(db: Db, request: FastifyRequest, kind: SessionKind, options: SessionOptions, isData: (value: unknown) => value is Data): Promise<Session<Data> | undefined> {
  const id = request.cookies[cookieName(kind, options.secure)];
  if (!id || id.length > 100) return undefined;
  const [row] = await db.select().from(webSessions)
    .where(and(eq(webSessions.idHash, hashOf(id)), eq(webSessions.kind, kind), gt(webSessions.expiresAt, new Date())));
  if (!row) return undefined;
  let data: unknown;
  try { data = unseal(id, row.sealed); } catch { return undefined; }
  return isData(data) ? { tenantId: row.tenantId, subjectId: row.subjectId, data, expiresAt: row.expiresAt } : undefined;
}

/** Replaces a live session's data (a refreshed token, say). */
export async function updateSession<Data>(db: Db, request: FastifyRequest, kind: SessionKind, options: SessionOptions, data: Data): Promise<void> {
  const id = request.cookies[cookieName(kind, options.secure)];
  if (!id) return;
  await db.update(webSessions).set({ sealed: seal(id, data) }).where(and(eq(webSessions.idHash, hashOf(id)), eq(webSessions.kind, kind)));
}

/** Ends the browser's session of `kind` (sign-out) and clears its cookie. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, kind: SessionKind, options: SessionOptions): Promise<void> {
  const name = cookieName(kind, options.secure);
  const id = request.cookies[name];
  if (id) {
    await db.delete(webSessions).where(eq(webSessions.idHash, hashOf(id)));
    reply.clearCookie(name, { path: '/', secure: options.secure, httpOnly: true, sameSite: 'lax' });
  }
}

/** Drops expired sessions (called now and then by the pages). */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(webSessions).where(lt(webSessions.expiresAt, new Date()));
}
