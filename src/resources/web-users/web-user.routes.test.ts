// POST /WebUsers and DELETE /WebUsers/{id}: a service rep gives a record inside their hierarchy a
// login, and takes it away; the login then signs in (or not) at the login server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { testLogin, type LoginContext } from '../../../test/login.ts';

let t: LoginContext;
beforeAll(async () => { t = await testLogin(); });
afterAll(async () => { await t?.close(); });

const signIn = (usertype: string, username: string, password: string) => t.token({
  grant_type: 'tw_vendor_webuser', usertype, username, password, client_id: t.acme.webuser.clientId, client_secret: t.acme.webuser.clientSecret!, acr_values: t.acme.acr,
});

describe('POST /WebUsers, DELETE /WebUsers/{id}', () => {
  it('a rep gives a contact inside their hierarchy a login (201), which signs in; disabling it stops sign-in', async () => {
    const north = as(t.app, t.acme.fixture.northToken);
    const contact = await north({ method: 'POST', url: '/Contacts', payload: { firstName: 'New', lastName: 'Login', branchId: t.acme.fixture.north.branchId } });
    const created = await north({ method: 'POST', url: '/WebUsers', payload: { type: 'WebUserContact', recordId: contact.json().contactId, username: 'new.login', password: 'a long password' } });
    expect(created.statusCode).toBe(201);
    const { webUserId } = created.json<{ webUserId: number }>();
    expect(created.headers.location).toBe(`/WebUsers/${webUserId}`);
    expect((await signIn('WebUserContact', 'new.login', 'a long password')).status).toBe(200);

    expect((await as(t.app, t.acme.fixture.southToken)({ method: 'DELETE', url: `/WebUsers/${webUserId}` })).statusCode).toBe(404);
    expect((await north({ method: 'DELETE', url: `/WebUsers/${webUserId}` })).statusCode).toBe(204);
    expect((await north({ method: 'DELETE', url: `/WebUsers/${webUserId}` })).statusCode).toBe(404);
    expect((await signIn('WebUserContact', 'new.login', 'a long password')).body.error).toBe('invalid_grant');
  });

  it('a record outside the caller\'s hierarchy is 404; a taken username or a record with a login is 409; a weak password is 400 naming the field', async () => {
    const south = as(t.app, t.acme.fixture.southToken);
    expect((await south({ method: 'POST', url: '/WebUsers', payload: { type: 'WebUserEmployee', recordId: t.acme.employeeId, username: 'x.y', password: 'a long password' } })).statusCode).toBe(404);
    const admin = as(t.app, t.acme.fixture.adminToken);
    const taken = await admin({ method: 'POST', url: '/WebUsers', payload: { type: 'WebUserEmployee', recordId: t.acme.employeeId, username: 'someone.else', password: 'a long password' } });
    expect(taken.json()).toMatchObject({ status: 409, code: 'CONFLICT' });
    const weak = await admin({ method: 'POST', url: '/WebUsers', payload: { type: 'WebUserContact', recordId: t.acme.contactId, username: 'w', password: 'short' } });
    expect(weak.json()).toMatchObject({ status: 400, errors: { password: [expect.stringContaining('at least 10')] } });
    const unknownType = await admin({ method: 'POST', url: '/WebUsers', payload: { type: 'ServiceRep', recordId: 1, username: 'w', password: 'a long password' } });
    expect(unknownType.statusCode).toBe(400);
    const huge = await admin({ method: 'POST', url: '/WebUsers', payload: { type: 'WebUserEmployee', recordId: 1e20, username: 'w', password: 'a long password' } });
    expect(huge.json()).toMatchObject({ status: 400, errors: { recordId: expect.any(Array) } });
  });

  it('AUTH-30 disabling a login ends its issued tokens at once, even while a running API has them cached', async () => {
    const north = as(t.app, t.acme.fixture.northToken);
    const contact = await north({ method: 'POST', url: '/Contacts', payload: { firstName: 'Soon', lastName: 'Gone', branchId: t.acme.fixture.north.branchId } });
    const created = await north({ method: 'POST', url: '/WebUsers', payload: { type: 'WebUserContact', recordId: contact.json().contactId, username: 'soon.gone', password: 'a long password' } });
    const { webUserId } = created.json<{ webUserId: number }>();
    const token = (await signIn('WebUserContact', 'soon.gone', 'a long password')).body.access_token;
    // A deployed API: it listens, and caches the token's principal (30 s by default).
    const app = await buildApp({ config: t.config, database: t.database, listenForRevocations: true });
    try {
      const call = () => app.inject({ method: 'GET', url: '/Employees/1', headers: { authorization: `Bearer ${String(token)}` } });
      // Authenticated (the WebUserContact role is then refused by the route): 403, not 401.
      expect((await call()).statusCode).toBe(403);
      expect((await north({ method: 'DELETE', url: `/WebUsers/${webUserId}` })).statusCode).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await call();
      expect(after.statusCode).toBe(401);
      expect(after.json().detail).toBe('The web user of this bearer token is disabled.');
    } finally {
      await app.close();
    }
  });

  it('other tenants\' records are invisible (404)', async () => {
    const otherAdmin = as(t.app, t.other.fixture.adminToken);
    const r = await otherAdmin({ method: 'POST', url: '/WebUsers', payload: { type: 'WebUserEmployee', recordId: t.acme.employeeId, username: 'steal', password: 'a long password' } });
    expect(r.statusCode).toBe(404);
  });
});

describe('GEN-16 the events of web users', () => {
  const feed = async (after: number) => {
    const res = await as(t.app, t.acme.fixture.adminToken)({ method: 'GET', url: `/Events?after=${after}&types=webUser.created,webUser.disabled` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { type: string; record: { type: string; id: number; location: string } }[]; next: number }>();
  };

  it('giving a login leaves webUser.created and disabling it webUser.disabled, seen by the record\'s hierarchy; a refused write leaves none', async () => {
    const north = as(t.app, t.acme.fixture.northToken);
    const after = (await feed(0)).next;
    const contact = await north({ method: 'POST', url: '/Contacts', payload: { firstName: 'Eve', lastName: 'Vented', branchId: t.acme.fixture.north.branchId } });
    const payload = { type: 'WebUserContact', recordId: contact.json().contactId, username: 'eve.vented', password: 'a long password' };
    expect((await north({ method: 'POST', url: '/WebUsers', payload: { ...payload, password: 'short' } })).statusCode).toBe(400);
    const { webUserId } = (await north({ method: 'POST', url: '/WebUsers', payload })).json<{ webUserId: number }>();
    expect((await north({ method: 'POST', url: '/WebUsers', payload })).statusCode).toBe(409);
    expect((await as(t.app, t.acme.fixture.southToken)({ method: 'DELETE', url: `/WebUsers/${webUserId}` })).statusCode).toBe(404);
    expect((await north({ method: 'DELETE', url: `/WebUsers/${webUserId}` })).statusCode).toBe(204);
    expect((await north({ method: 'DELETE', url: `/WebUsers/${webUserId}` })).statusCode).toBe(404);
    const events = (await feed(after)).data;
    expect(events.map((e) => [e.type, e.record])).toEqual([
      ['webUser.created', { type: 'WebUser', id: webUserId, location: `/WebUsers/${webUserId}` }],
      ['webUser.disabled', { type: 'WebUser', id: webUserId, location: `/WebUsers/${webUserId}` }],
    ]);
    // The contact's node is North: South's reps do not see its login's events.
    const south = await as(t.app, t.acme.fixture.southToken)({ method: 'GET', url: `/Events?after=${after}&types=webUser.created` });
    expect(south.json().data).toEqual([]);
  });
});
