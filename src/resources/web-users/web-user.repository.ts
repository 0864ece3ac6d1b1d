// Web user logins: created by a service rep for an employee or contact inside their hierarchy (or by
// the CLI for any record of the tenant), found by the login server's `tw_vendor_webuser` grant, and
// resolved from a bearer token's subject to the record the web user may see. Creating and disabling
// one go through the caller's scope and record their events in their transactions.
import { and, eq, getTableName, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { DataScope, NODES, TENANT, type Reach } from '../../platform/scope.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { WEB_USER_DISABLED_CHANNEL, type SubjectResolver } from '../../platform/auth/bearer.ts';
import { hashPassword, passwordProblem } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/http/errors.ts';
import { employees } from '../employees/employee.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { webUsers, type WebUserKind } from './web-user.table.ts';
import { WEB_USER_CREATED, WEB_USER_DISABLED } from './web-user.events.ts';

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
 * Creates a login for an employee or contact of the caller's hierarchy (`reach`: the whole tenant
 * for a login made with a record the caller has just created, or by an operator); 404 for a record
 * out of reach. 400 for a weak password, 409 for a taken username or a record that already has a login.
 */
export async function createWebUser(scope: DataScope, input: NewWebUser, reach?: Reach): Promise<number>;
/**
 * The operator's form (the CLI, the demo's seed): any record of the tenant. Kept until those callers
 * pass a scope (issue 27); it writes the same row and event through an operator's scope.
 */
export async function createWebUser(db: Db, tenantId: number, input: NewWebUser): Promise<number>;
export async function createWebUser(target: DataScope | Db, second: NewWebUser | number, third?: NewWebUser | Reach): Promise<number> {
  if (target instanceof DataScope && typeof second !== 'number') return create(target, second, typeof third === 'string' ? third : 'visible');
  if (!(target instanceof DataScope) && typeof second === 'number' && typeof third === 'object') return create(operatorScope(target, second), third, 'tenant');
  throw new Error('createWebUser(scope, input, reach?) or createWebUser(db, tenantId, input)');
}

async function create(scope: DataScope, input: NewWebUser, reach: Reach): Promise<number> {
  const username = checkedUsername(input);
  const table = input.kind === 'employee' ? employees : contacts;
  const [record] = await scope.select(table, { id: table.id }, reach).where(eq(table.id, input.recordId));
  if (!record) throw new AppError('NOT_FOUND', `No ${input.kind} ${input.recordId}${reach === 'tenant' ? ' in this tenant' : ' inside your hierarchy'}.`);
  // Hashed before the transaction: no connection waits on Argon2.
  const passwordHash = await hashPassword(input.password);
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(webUsers, {
      kind: input.kind, username, passwordHash,
      employeeId: input.kind === 'employee' ? input.recordId : null, contactId: input.kind === 'contact' ? input.recordId : null,
    }).onConflictDoNothing().returning({ id: webUsers.id });
    if (!row) throw new AppError('CONFLICT', `The username "${username}" is taken, or this ${input.kind} already has a login.`);
    await emitEvent(tx, WEB_USER_CREATED, getTableName(webUsers), row.id);
    return row.id;
  });
}

/**
 * An operator's scope over a tenant (the CLI, the demo's seed): no rep, no node; it reaches the
 * tenant's rows only where a statement asks for the whole tenant.
 */
function operatorScope(db: Db, tenantId: number): DataScope {
  return new DataScope(db, {
    credentialKey: `${tenantId}:operator`, credentialId: 0, sid: '', tenantId, tenantName: '', role: 'Service',
    serviceRepId: 0, securityGroupId: 0, hierId: 0, hierPath: '', visibleHierIds: [], ancestorHierIds: [],
    canCreateEmployees: false, canInsertMasterData: false, scopes: new Set(), expiresAt: null,
  });
}

/**
 * Disables a login of a record inside the caller's hierarchy, with its event; running APIs drop its
 * cached tokens at once (NOTIFY, delivered when the transaction commits).
 */
export async function disableWebUser(scope: DataScope, id: number): Promise<boolean> {
  return scope.transaction(async (tx) => {
    const rows = await tx.sql<{ id: number }>`
      update web_users w set disabled_at = now()
       where w.tenant_id = ${TENANT} and w.id = ${id} and w.disabled_at is null
         and exists (select 1 from employees e where e.tenant_id = w.tenant_id and e.id = w.employee_id and e.hier_id = any(${NODES})
                     union all
                     select 1 from contacts c where c.tenant_id = w.tenant_id and c.id = w.contact_id and c.hier_id = any(${NODES}))
      returning w.id`;
    if (!rows.length) return false;
    await emitEvent(tx, WEB_USER_DISABLED, getTableName(webUsers), id);
    await tx.sql`select pg_notify(${WEB_USER_DISABLED_CHANNEL}, ${TENANT}::text || ':' || ${id}::text)`;
    return true;
  });
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
