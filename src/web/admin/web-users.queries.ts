// The tenant's web users whose employee or contact is inside the signed-in rep's hierarchy.
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';

export interface WebUserRow { id: number; kind: 'employee' | 'contact'; recordId: number; recordName: string; username: string; createdAt: Date; disabledAt: Date | null }

interface Row extends Record<string, unknown> { id: number; kind: string; record_id: string | number; record_name: string; username: string; created_at: Date | string; disabled_at: Date | string | null }

const MAX_LISTED = 500;
const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function webUsersVisible(scope: DataScope): Promise<WebUserRow[]> {
  if (!scope.hierIds.length) return [];
  const rows = await scope.sql<Row>`
    select w.id, w.kind, coalesce(w.employee_id, w.contact_id) as record_id, w.username, w.created_at, w.disabled_at,
           coalesce(e.first_name || ' ' || e.last_name, c.first_name || ' ' || c.last_name, '') as record_name
      from web_users w
      left join employees e on e.tenant_id = w.tenant_id and e.id = w.employee_id
      left join contacts c on c.tenant_id = w.tenant_id and c.id = w.contact_id
     where w.tenant_id = ${TENANT}
       and (e.hier_id = any(${NODES}) or c.hier_id = any(${NODES}))
     order by w.disabled_at is not null, lower(w.username), w.id
     limit ${MAX_LISTED}`;
  return rows.map((r) => ({
    id: r.id, kind: r.kind === 'contact' ? 'contact' : 'employee', recordId: Number(r.record_id), recordName: r.record_name,
    username: r.username, createdAt: date(r.created_at), disabledAt: r.disabled_at === null ? null : date(r.disabled_at),
  }));
}
