// Where each employee lives, as an earth point (decision 0059): the gazetteer's centroid of the
// employee's postal code, kept by a trigger on employees (drizzle/*_employee-places.sql), so the
// matcher's distance filter is a GiST scan (tenant first) instead of a gazetteer join per candidate.
// A table of its own rather than a column on employees: the employee's read, export and PATCH shapes
// stay as they are, and an employee whose postal code the gazetteer does not know has no row.
import { customType, foreignKey, index, integer, pgTable, primaryKey, bigint, doublePrecision } from 'drizzle-orm/pg-core';
import { employees } from '../employees/employee.table.ts';

/** `cube` (from the cube extension): an earthdistance point, `ll_to_earth(latitude, longitude)`. */
const earthPoint = customType<{ data: string }>({ dataType: () => 'cube' });

export const employeePlaces = pgTable('employee_places', {
  tenantId: integer('tenant_id').notNull(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  earth: earthPoint('earth').notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.employeeId] }),
  foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }).onDelete('cascade'),
  index('employee_places_tenant_earth').using('gist', t.tenantId, t.earth),
]);
