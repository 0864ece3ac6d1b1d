// Web user logins: created by a service rep for an employee or contact inside their hierarchy (or by
// the CLI for any record of the tenant), found by the login server's `tw_vendor_webuser` grant, and
// resolved from a bearer token's subject to the record the web user may see.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { DataScope } from '../../platform/scope.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { WEB_USER_DISABLED_CHANNEL, type SubjectResolver } from '../../platform/auth/bearer.ts';
import { hashPassword, passwordProblem } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/http/errors.ts';
import { employees } from '../employees/employee.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { webUsers, type WebUserKind } from './web-user.table.ts';

export const KIND_OF_ROLE = { WebUserEmployee: 'employee', WebUserContact: 'contact' } as const;
export type WebUserRole = keyof typeof KIND_OF_ROLE;

export interface NewWebUser { kind: WebUserKind; recordId: number; username: string; password: string }

/** `webuser:<id>` is the subject of a web user's token. */
export const webUserSubject = (id: number) => `webuser:${id}`;

/** The login's username, trimmed, once the password is strong enough and the username not blank (400 otherwise). */
function checkedUsername(input: NewWebUser): string {
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError('VALIDATION_FAILED', `password ${problem}.`, { password: [problem] });
  const username = input.username.trim();
  if (!username) throw new AppError('VALIDATION_FAILED', 'username must not be blank.', { username: ['must not be blank'] });
  return username;
}

/**
 * Creates a login for an employee or contact of the tenant; with `hierIds`, only for a record inside
 * those hierarchy nodes (404 otherwise). 400 for a weak password, 409 for a taken username or a
 * record that already has a login.
 */
export async function createWebUser(db: Db, tenantId: number, input: NewWebUser, hierIds?: readonly number[]): Promise<number> {
  const username = checkedUsername(input);
  const table = input.kind === 'employee' ? employees : contacts;
  const [record] = await db.select({ hierId: table.hierId }).from(table).where(and(eq(table.tenantId, tenantId), eq(table.id, input.recordId)));
  if (!record || (hierIds && !hierIds.includes(record.hierId))) {
    throw new AppError('NOT_FOUND', `No ${input.kind} ${input.recordId}${hierIds ? ' inside your hierarchy' : ' in this tenant'}.`);
  }
  const passwordHash = await hashPassword(input.password);
  const [row] = await db.insert(webUsers).values({
    tenantId, kind: input.kind, username, passwordHash,
    employeeId: input.kind === 'employee' ? input.recordId : null, contactId: input.kind === 'contact' ? input.recordId : null,
  }).onConflictDoNothing().returning({ id: webUsers.id });
  if (!row) throw new AppError('CONFLICT', `The username "${username}" is taken, or this ${input.kind} already has a login.`);
  return row.id;
}

/**
 * The same in the caller's scope and transaction, for a record the caller sees (registration, which
 * holds no raw handle): the checks and the write through the door.
 */
export async function createWebUserIn(scope: DataScope, input: NewWebUser): Promise<number> {
  const username = checkedUsername(input);
  const table = input.kind === 'employee' ? employees : contacts;
  const [record] = await scope.select(table, { id: table.id }).where(eq(table.id, input.recordId));
  if (!record) throw new AppError('NOT_FOUND', `No ${input.kind} ${input.recordId} inside your hierarchy.`);
  const login = {
    kind: input.kind, username, passwordHash: await hashPassword(input.password),
    employeeId: input.kind === 'employee' ? input.recordId : null, contactId: input.kind === 'contact' ? input.recordId : null,
  };
  const [row] = await scope.insert(webUsers, login).onConflictDoNothing().returning({ id: webUsers.id });
  if (!row) throw new AppError('CONFLICT', `The username "${username}" is taken, or this ${input.kind} already has a login.`);
  return row.id;
}

/** Disables a login inside the caller's hierarchy; running APIs drop its cached tokens at once (NOTIFY). */
export async function disableWebUser(db: Db, tenantId: number, id: number, hierIds: readonly number[]): Promise<boolean> {
  const rows = await db.execute(sql`
    update web_users w set disabled_at = now()
     where w.tenant_id = ${tenantId} and w.id = ${id} and w.disabled_at is null
       and exists (select 1 from employees e where e.tenant_id = w.tenant_id and e.id = w.employee_id and e.hier_id = any(${sql.param([...hierIds])}::int[])
                   union all
                   select 1 from contacts c where c.tenant_id = w.tenant_id and c.id = w.contact_id and c.hier_id = any(${sql.param([...hierIds])}::int[]))
    returning w.id`);
  if (!rows.rows.length) return false;
  await db.execute(sql`select pg_notify(${WEB_USER_DISABLED_CHANNEL}, ${`${tenantId}:${id}`})`);
  return true;
}

/** The login of a username (case-insensitive) of a tenant and kind, for the password check. */
export async function findWebUserLogin(db: Db, tenantId: number, kind: WebUserKind, username: string) {
  const [row] = await db.select({ id: webUsers.id, passwordHash: webUsers.passwordHash }).from(webUsers)
    .where(and(eq(webUsers.tenantId, tenantId), eq(webUsers.kind, kind), sql`lower(${webUsers.username}) = lower(${username})`, isNull(webUsers.disabledAt)));
  return row;
}

/** Web user tokens speak for their own record only: no hierarchy, the record's ids (AMB-24 (b)). */
export function webUserTokenResolver(db: Db): SubjectResolver {
  return async (claims) => {
    const id = Number(/^webuser:(\d+)$/.exec(claims.sub)?.[1]);
    const kind = claims.role === 'WebUserEmployee' || claims.role === 'WebUserContact' ? KIND_OF_ROLE[claims.role] : undefined;
    if (!id || !kind) return 'The bearer token names no web user.';
    const { rows } = await db.execute<{ tenant_name: string; employee_id: number | null; contact_id: number | null; customer_id: number | null } & Record<string, unknown>>(sql`
      select t.name as tenant_name, w.employee_id, w.contact_id, c.customer_id
        from web_users w join tenants t on t.id = w.tenant_id
        left join contacts c on c.tenant_id = w.tenant_id and c.id = w.contact_id
       where w.tenant_id = ${claims.tenantId} and w.id = ${id} and w.kind = ${kind} and w.disabled_at is null`);
    const row = rows[0];
    if (!row) return 'The web user of this bearer token is disabled.';
    const principal: Principal = {
      credentialKey: `${claims.tenantId}:client:${claims.clientId}:${claims.sub}`, credentialId: 0, sid: '',
      tenantId: claims.tenantId, tenantName: row.tenant_name, role: claims.role,
      serviceRepId: 0, securityGroupId: 0, hierId: 0, hierPath: '', visibleHierIds: [], ancestorHierIds: [],
      canCreateEmployees: false, canInsertMasterData: false,
      scopes: new Set(claims.scopes), expiresAt: claims.expiresAt, clientId: claims.clientId,
      webUser: { id, employeeId: row.employee_id, contactId: row.contact_id, customerId: row.customer_id },
    };
    return principal;
  };
}
