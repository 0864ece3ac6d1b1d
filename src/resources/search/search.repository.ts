// Email address search across employees and contacts inside the caller's hierarchy: every email
// contact method whose address, or whose owner's first, last or full name, starts with the string.
import { sql } from 'drizzle-orm';
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { Paged } from '../../platform/http/paging.ts';
import { CONTACT_METHOD_TYPES } from '../contact-methods/contact-method.table.ts';
import { EMAIL_RESULT_COLUMNS, type EmailSearch } from './search.schemas.ts';

const COLUMN_SQL: Record<(typeof EMAIL_RESULT_COLUMNS)[number], string> = {
  emailAddress: 'email_address', firstName: 'first_name', lastName: 'last_name', name: 'name', isPrimary: 'is_primary',
  originId: 'origin_id', originTypeId: 'origin_type_id', branchName: 'branch_name', governmentPersonalId: 'government_personal_id',
};

type Row = Record<string, unknown> & { total_count: number };

export async function searchEmailAddresses(scope: DataScope, q: EmailSearch): Promise<Paged<Record<string, unknown>>> {
  const orderBy = q.OrderBy === undefined ? 'emailAddress' : EMAIL_RESULT_COLUMNS.find((c) => c.toLowerCase() === q.OrderBy!.toLowerCase());
  if (!orderBy) throw invalid('OrderBy', `must be one of ${EMAIL_RESULT_COLUMNS.join(', ')}`);
  const direction = q.OrderByAscending ? 'asc' : 'desc';
  const prefix = q.SearchString.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%';
  const like = (expr: ReturnType<typeof sql.raw>) => sql`lower(${expr}) like ${prefix}`;
  const ownerMatches = (alias: string) => sql`(${like(sql.raw('m.contact_method'))} or ${like(sql.raw(`${alias}.first_name`))} or ${like(sql.raw(`${alias}.last_name`))} or ${like(sql.raw(`${alias}.first_name || ' ' || ${alias}.last_name`))})`;
  // Not a named statement: the order varies with the request (OrderBy, OrderByAscending).
  const rows = await scope.sql<Row>`
    select r.*, count(*) over () as total_count from (
      select m.contact_method as email_address, e.first_name, e.last_name, e.first_name || ' ' || e.last_name as name,
             coalesce(e.primary_email_address_contact_method_id = m.id, false) as is_primary, e.id as origin_id, 1 as origin_type_id,
             b.name as branch_name, case when e.government_id_last4 is null then null else '*****' || e.government_id_last4 end as government_personal_id
        from contact_methods m
        join employees e on e.tenant_id = m.tenant_id and e.id = m.owner_id
        join branches b on b.tenant_id = e.tenant_id and b.id = e.branch_id
       where m.tenant_id = ${TENANT} and m.owner_type = 'employee' and m.contact_method_type_id = ${CONTACT_METHOD_TYPES.email}
         and e.hier_id = any(${NODES}) and ${ownerMatches('e')}
      union all
      select m.contact_method, c.first_name, c.last_name, c.first_name || ' ' || c.last_name,
             coalesce(c.primary_email_address_contact_method_id = m.id, false), c.id, 2, b.name, null
        from contact_methods m
        join contacts c on c.tenant_id = m.tenant_id and c.id = m.owner_id
        join branches b on b.tenant_id = c.tenant_id and b.id = c.branch_id
       where m.tenant_id = ${TENANT} and m.owner_type = 'contact' and m.contact_method_type_id = ${CONTACT_METHOD_TYPES.email}
         and c.hier_id = any(${NODES}) and ${ownerMatches('c')}
    ) r
    where ${q.OriginTypeFilter ?? null}::int is null or r.origin_type_id = ${q.OriginTypeFilter ?? null}::int
    order by ${sql.raw(`r.${COLUMN_SQL[orderBy]} ${direction}`)}, r.origin_type_id, r.origin_id, r.email_address
    limit ${q.Take} offset ${q.Skip}`;
  const data = rows.map((r) => ({
    emailAddress: r.email_address, firstName: r.first_name, lastName: r.last_name, name: r.name, isPrimary: r.is_primary,
    originId: Number(r.origin_id), originTypeId: Number(r.origin_type_id), branchName: r.branch_name, governmentPersonalId: r.government_personal_id,
  }));
  if (rows.length > 0 || q.Skip === 0) return { data, totalCount: rows.length ? Number(rows[0]!.total_count) : 0 };
  // A page past the end: count without paging.
  return { data, totalCount: (await searchEmailAddresses(scope, { ...q, Skip: 0, Take: 1 })).totalCount };
}
