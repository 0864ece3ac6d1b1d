// Web users: the sign-in of an employee (WebUserEmployee) or a customer contact (WebUserContact) at
// the login server's `tw_vendor_webuser` grant. One login per record; usernames are unique per tenant
// and kind, case-insensitive. Failed sign-ins are counted in the shared rate limits (platform/auth/sign-in-throttle.ts).
import { sql } from 'drizzle-orm';
import { pgTable, bigint, text, timestamp, primaryKey, foreignKey, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../../platform/db/columns.ts';
import { tenants } from '../../platform/db/schema.ts';
import { employees } from '../employees/employee.table.ts';
import { contacts } from '../contacts/contact.table.ts';

export const WEB_USER_KINDS = ['employee', 'contact'] as const;
export type WebUserKind = (typeof WEB_USER_KINDS)[number];

export const webUsers = pgTable('web_users', {
  ...tenantKey(),
  kind: text('kind', { enum: WEB_USER_KINDS }).notNull(),
  employeeId: bigint('employee_id', { mode: 'number' }),
  contactId: bigint('contact_id', { mode: 'number' }),
  username: text('username').notNull(),
  /** Argon2id (PHC string). */
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }),
  foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
  uniqueIndex('web_users_username').on(t.tenantId, t.kind, sql`lower(${t.username})`),
  uniqueIndex('web_users_employee').on(t.tenantId, t.employeeId),
  uniqueIndex('web_users_contact').on(t.tenantId, t.contactId),
  check('web_users_one_record', sql`(${t.kind} = 'employee' and ${t.employeeId} is not null and ${t.contactId} is null)
    or (${t.kind} = 'contact' and ${t.contactId} is not null and ${t.employeeId} is null)`),
]);
