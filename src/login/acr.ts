// `acr_values` of the spec: `tenant:<tenant_name> pid:<product_instance_id>` (AUTH-09, AUTH-10), and
// the check that the client is registered for that tenant and product instance.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { oauthClients, productInstances, tenants } from '../platform/db/schema.ts';

export interface Place { tenantId: number; tenantName: string; productInstanceId: string }

export interface RegisteredClient extends Place { name: string; serviceRepId: number | null; scopes: string[] }

export type PlaceResult = { ok: true; client: RegisteredClient } | { ok: false; error: 'invalid_request' | 'invalid_client'; description: string };

/** The tenant and pid of an `acr_values` string, or what is wrong with it. */
export function parseAcrValues(value: unknown): { tenant: string; pid: string } | string {
  if (typeof value !== 'string' || !value.trim()) return 'acr_values is required: "tenant:<tenant_name> pid:<product_instance_id>".';
  const parts = new Map<string, string>();
  for (const token of value.trim().split(/\s+/)) {
    const colon = token.indexOf(':');
    const key = colon > 0 ? token.slice(0, colon) : '';
    if (!key || colon === token.length - 1) return `acr_values: "${token}" is not key:value.`;
    if (parts.has(key)) return `acr_values names ${key} twice.`;
    parts.set(key, token.slice(colon + 1));
  }
  const tenant = parts.get('tenant'), pid = parts.get('pid');
  if (!tenant || !pid) return 'acr_values must name both tenant:<tenant_name> and pid:<product_instance_id>.';
  return { tenant, pid };
}

/**
 * The client's registration, when `acrValues` names its tenant and product instance. `acrValues`
 * may be absent in the code flow (the client's own registration applies).
 */
export async function placeOfClient(db: Db, clientId: string, acrValues: unknown, required: boolean): Promise<PlaceResult> {
  const [client] = await db.select({
    tenantId: oauthClients.tenantId, tenantName: tenants.name, productInstanceId: oauthClients.productInstanceId, name: oauthClients.name,
    serviceRepId: oauthClients.serviceRepId, scopes: oauthClients.scopes,
  }).from(oauthClients).innerJoin(tenants, eq(tenants.id, oauthClients.tenantId))
    .where(and(eq(oauthClients.clientId, clientId), isNull(oauthClients.revokedAt)));
  if (!client) return { ok: false, error: 'invalid_client', description: 'The client is not registered or has been revoked.' };
  if (!required && (acrValues === undefined || acrValues === '')) return { ok: true, client };
  const acr = parseAcrValues(acrValues);
  if (typeof acr === 'string') return { ok: false, error: 'invalid_request', description: acr };
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, acr.tenant));
  if (!tenant) return { ok: false, error: 'invalid_request', description: `acr_values: there is no tenant "${acr.tenant}".` };
  const [instance] = await db.select({ id: productInstances.id }).from(productInstances)
    .where(and(eq(productInstances.tenantId, tenant.id), eq(productInstances.id, acr.pid)));
  if (!instance) return { ok: false, error: 'invalid_request', description: `acr_values: tenant "${acr.tenant}" has no product instance "${acr.pid}".` };
  if (tenant.id !== client.tenantId || acr.pid !== client.productInstanceId) {
    return { ok: false, error: 'invalid_client', description: `The client is not registered for tenant "${acr.tenant}" and product instance "${acr.pid}".` };
  }
  return { ok: true, client };
}
