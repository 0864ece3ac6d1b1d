// Web users on the admin pages: listed within the rep's hierarchy, created through POST /WebUsers and
// disabled through DELETE /WebUsers/{id} with the rep's token (the API's rules apply).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginContext } from '../../../test/login.ts';
import { as } from '../../../test/helpers.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { adminPagesLogin, escaped, openPage, postForm, submitForm, type Cookies } from './admin.test-support.ts';

const t_ = MESSAGES.en.admin;
let t: LoginContext;
let nora: Cookies;
let southEmployeeId: number;

beforeAll(async () => {
  ({ t, cookies: { nora } } = await adminPagesLogin('nora'));
  const res = await as(t.app, t.acme.fixture.adminToken)({ method: 'POST', url: '/Employees', payload: { firstName: 'Sid', lastName: 'South', branchId: t.acme.fixture.south.branchId, region: 'MN' } });
  southEmployeeId = res.json<{ employeeId: number }>().employeeId;
});
afterAll(async () => { await t?.close(); });

const create = (form: Record<string, string>) => submitForm(t.app, '/admin/web-users', nora, form);

describe('web users on the admin pages', () => {
  it('lists the web users of records inside the rep\'s hierarchy, not another tenant\'s', async () => {
    const res = await t.app.inject({ url: '/admin/web-users', cookies: nora });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('wendy');
    expect(res.body).toContain('carl');
  });

  it('creates a web user through POST /WebUsers, who can then get a token with the webuser grant', async () => {
    const contact = await as(t.app, t.acme.fixture.northToken)({ method: 'POST', url: '/Contacts', payload: { firstName: 'Cora', lastName: 'Client', branchId: t.acme.fixture.north.branchId } });
    const contactId = contact.json<{ contactId: number }>().contactId;
    const { res } = await create({ type: 'WebUserContact', recordId: String(contactId), username: 'cora', password: 'a long enough password' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/web-users?lang=en&done=created');
    const list = await t.app.inject({ url: '/admin/web-users?done=created', cookies: nora });
    expect(list.body).toContain('cora');
    expect(list.body).toContain(escaped(t_.webUserCreated));
    const token = await t.token({ grant_type: 'tw_vendor_webuser', client_id: t.acme.webuser.clientId, client_secret: t.acme.webuser.clientSecret ?? '', username: 'cora', password: 'a long enough password', usertype: 'WebUserContact', acr_values: t.acme.acr });
    expect(token.status).toBe(200);
  });

  it('shows the API\'s refusals next to the field: a record outside the hierarchy, a taken username, a short password', async () => {
    const outside = await create({ type: 'WebUserEmployee', recordId: String(southEmployeeId), username: 'sid', password: 'a long enough password' });
    expect(outside.res.statusCode).toBe(404);
    expect(outside.res.body).toContain(escaped(t_.recordNotFound));
    const taken = await create({ type: 'WebUserEmployee', recordId: String(t.acme.employeeId), username: 'wendy', password: 'a long enough password' });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.body).toContain(escaped(t_.webUserConflict));
    const short = await create({ type: 'Admin', recordId: 'x', username: '', password: 'short' });
    expect(short.res.statusCode).toBe(400);
    for (const m of [t_.webUserTypeInvalid, t_.recordIdInvalid, t_.usernameRequired]) expect(short.res.body).toContain(escaped(m));
    expect(short.res.body).not.toContain('value="short"');
  });

  it('disables a web user after confirming (DELETE /WebUsers/{id}); not one outside the hierarchy', async () => {
    const list = await t.app.inject({ url: '/admin/web-users', cookies: nora });
    const id = /\/admin\/web-users\/(\d+)\/disable/.exec(list.body)?.[1] ?? '';
    const confirm = await openPage(t.app, `/admin/web-users/${id}/disable`, nora);
    expect(confirm.res.statusCode).toBe(200);
    const noCsrf = await postForm(t.app, `/admin/web-users/${id}/disable`, confirm.cookies, {});
    expect(noCsrf.res.statusCode).toBe(403);
    const done = await postForm(t.app, `/admin/web-users/${id}/disable`, confirm.cookies, { _csrf: confirm.csrf });
    expect(done.res.statusCode).toBe(303);
    const after = await t.app.inject({ url: '/admin/web-users', cookies: nora });
    expect(after.body).toContain(escaped(t_.status_disabled));
    const again = await postForm(t.app, `/admin/web-users/${id}/disable`, confirm.cookies, { _csrf: confirm.csrf });
    expect(again.res.statusCode).toBe(404);
  });

  it('escapes hostile input and never answers 500', async () => {
    const res = await create({ type: 'WebUserEmployee', recordId: '99999999999', username: '<script>x</script>', password: 'p'.repeat(300) });
    expect(res.res.statusCode).toBe(400);
    expect(res.res.body).not.toContain('<script>x');
    for (const url of ['/admin/web-users/%FF/disable', '/admin/web-users/99999999999/disable', '/admin/web-users?done=%FF%FE']) {
      expect((await t.app.inject({ url, cookies: nora })).statusCode, url).toBeLessThan(500);
    }
  });
});
