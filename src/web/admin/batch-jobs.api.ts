// The admin pages call the API in-process with the signed-in rep's token (admin.api), so every action
// takes the API's own route, rules and access checks. This reads an answer: the body checked against
// the route's own response schema (no casts), or the refusal's detail and field errors to show.
import type { InjectOptions } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Admin } from './admin.session.ts';

/** `code`: the problem's code (`CANDIDATE_EXISTS`), when it has one. */
export interface Refusal { ok: false; status: number; code: string | null; detail: string; fields: Record<string, string[]> }
export type Answer<T> = { ok: true; status: number; value: T } | Refusal;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function refusalOf(status: number, body: unknown): Refusal {
  const fields: Record<string, string[]> = {};
  const errors = isRecord(body) ? body.errors : undefined;
  if (isRecord(errors)) {
    for (const [name, messages] of Object.entries(errors)) {
      fields[name] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    }
  }
  const detail = isRecord(body) && typeof body.detail === 'string' ? body.detail : isRecord(body) && typeof body.title === 'string' ? body.title : `HTTP ${status}`;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  return { ok: false, status, code, detail, fields };
}

function parsed(body: string): unknown {
  try { return JSON.parse(body); } catch { return undefined; }
}

/** The API answered a success with a body its schema does not allow: a bug, shown as a 500. */
export class UnexpectedAnswer extends Error {}

/** Calls the API as the signed-in rep; a success whose body does not fit `schema` is a bug (thrown: 500). */
export async function callApi<S extends TSchema>(admin: Admin, options: InjectOptions, schema: S): Promise<Answer<Static<S>>> {
  const response = await admin.api({ ...options, headers: { accept: 'application/json', ...options.headers } });
  const body = parsed(response.body);
  if (response.statusCode >= 300) return refusalOf(response.statusCode, body);
  if (!Value.Check(schema, body)) throw new UnexpectedAnswer(`The API answered ${options.method ?? 'GET'} ${options.url} with a body that does not fit its schema.`);
  return { ok: true, status: response.statusCode, value: body };
}
