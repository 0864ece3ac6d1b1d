// Where each employee lives, as an earth point (decision 0059): the gazetteer's centroid of the
// employee's postal code, kept by a trigger on employees (drizzle/*_employee-places.sql), so the
// matcher's distance filter is a GiST scan (tenant first) instead of a gazetteer join per candidate.
// A table of its own rather than a column on employees: the employee's read, export and PATCH shapes
// stay as they are, and an employee whose postal code the gazetteer does not know has no row.
import { foreignKey, index, integer, pgTable, primaryKey, bigint, doublePrecision } from 'drizzle-orm/pg-core';
import { earthPoint, textList } from '../../platform/db/columns.ts';
import { employees } from '../employees/employee.table.ts';


export const employeePlaces = pgTable('employee_places', {
  tenantId: integer('tenant_id').notNull(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  earth: earthPoint('earth').notNull(),
  // The profile's ids (employee_profiles', copied by its trigger: drizzle/*_employee-places-ids.sql),
  // beside the point: an order's pool is found in this narrow table, the radius and the ids read
  // together, and only the employees kept are read in full (decision 0060: 8 times faster than
  // reading each employee's profile row in range).
  occupationIds: textList('occupation_ids'),
  skillIds: textList('skill_ids'),
  certificationIds: textList('certification_ids'),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.employeeId] }),
  foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }).onDelete('cascade'),
  // With the ids INCLUDEd (drizzle/0040_employee-places-covering.sql): the pool's scan reads the index alone.
  index('employee_places_tenant_earth').using('gist', t.tenantId, t.earth),
  index('employee_places_occupations').using('gin', t.tenantId, t.occupationIds),
  index('employee_places_skills').using('gin', t.tenantId, t.skillIds),
  index('employee_places_certifications').using('gin', t.tenantId, t.certificationIds),
]);
