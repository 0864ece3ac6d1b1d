// The demo tenant's OAuth side: product instance `demo`, a service client (acting as the
// administrator), a web-user client, a web user for an employee on an assignment (demo.placement.ts:
// the one route a web user may call shows it), the administrator's
// sign-in for the code flow, and the public client the API reference page signs in with. Secrets are
// kept in DATA_DIR/demo-credentials.json (demo only) so every start prints working commands.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { oauthClients } from '../../platform/db/schema.ts';
import { addProductInstance, registerClient } from '../../platform/auth/clients.ts';
import { setRepLogin } from '../../platform/auth/rep-logins.ts';
import { createWebUser } from '../web-users/web-user.repository.ts';
import { webUsers } from '../web-users/web-user.table.ts';
import { ensureDemoAssignment, placeableEmployee } from './demo.placement.ts';

export const DEMO_PID = 'demo';
/** The API reference page's client: public (PKCE), redirecting to swagger-ui's /swagger/static/oauth2-redirect.html. */
export const DEMO_REFERENCE_CLIENT = 'demo-api-reference';

export interface DemoOAuth {
  acrValues: string;
  service: { clientId: string; clientSecret: string };
  webuser: { clientId: string; clientSecret: string; username: string; password: string; employeeId: number; assignmentId: number };
  rep: { username: string; password: string };
}

const password = () => randomBytes(12).toString('base64url');

/** Registers the demo's clients and logins (once; their secrets come back in the result). */
export async function seedDemoOAuth(db: Db, tenantId: number, adminRepId: number): Promise<DemoOAuth> {
  await addProductInstance(db, tenantId, DEMO_PID, 'Demo');
  const service = await registerClient(db, { tenantId, productInstanceId: DEMO_PID, name: 'Demo service', grants: ['tw_vendor_service_credentials'], serviceRepId: adminRepId });
  const portal = await registerClient(db, { tenantId, productInstanceId: DEMO_PID, name: 'Demo employee portal', grants: ['tw_vendor_webuser'] });
  const employeeId = await placeableEmployee(db, tenantId);
  if (employeeId === undefined) throw new Error('The demo tenant has no active employee to give a login.');
  const assignmentId = await ensureDemoAssignment(db, tenantId, adminRepId, employeeId);
  const webPassword = password(), repPassword = password();
  // Seeding again (the credentials file was lost): the demo login is made anew.
  await db.delete(webUsers).where(and(eq(webUsers.tenantId, tenantId), eq(webUsers.username, 'demo.employee')));
  await createWebUser(db, tenantId, { kind: 'employee', recordId: employeeId, username: 'demo.employee', password: webPassword });
  await setRepLogin(db, tenantId, adminRepId, 'avery', repPassword);
  return {
    acrValues: `tenant:demo pid:${DEMO_PID}`,
    service: { clientId: service.clientId, clientSecret: service.clientSecret! },
    webuser: { clientId: portal.clientId, clientSecret: portal.clientSecret!, username: 'demo.employee', password: webPassword, employeeId, assignmentId },
    rep: { username: 'avery', password: repPassword },
  };
}

/** The reference page's client, redirecting to this start's BASE_URL (it may differ between starts). */
export async function ensureReferenceClient(db: Db, tenantId: number, baseUrl: string): Promise<string> {
  // The page builds its redirect URI from the address it was opened at: on loopback, both names.
  const url = new URL(baseUrl);
  const hosts = ['127.0.0.1', 'localhost'].includes(url.hostname) ? ['127.0.0.1', 'localhost'] : [url.hostname];
  const redirectUris = hosts.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${url.pathname.replace(/\/$/, '')}/swagger/static/oauth2-redirect.html`);
  const [existing] = await db.select({ id: oauthClients.clientId }).from(oauthClients)
    .where(and(eq(oauthClients.clientId, DEMO_REFERENCE_CLIENT), eq(oauthClients.tenantId, tenantId)));
  if (existing) {
    await db.update(oauthClients).set({ redirectUris }).where(eq(oauthClients.clientId, DEMO_REFERENCE_CLIENT));
  } else {
    await addProductInstance(db, tenantId, DEMO_PID, 'Demo');
    const { clientId } = await registerClient(db, { tenantId, productInstanceId: DEMO_PID, name: 'API reference page', grants: ['authorization_code'], redirectUris, isPublic: true });
    await db.update(oauthClients).set({ clientId: DEMO_REFERENCE_CLIENT }).where(eq(oauthClients.clientId, clientId));
  }
  return DEMO_REFERENCE_CLIENT;
}
