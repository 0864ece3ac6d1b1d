// The event walk (issue 27 item 4, decision 0039): every write route the app registers (POST, PUT,
// PATCH, DELETE; collected from the router by test/routes.ts, as the role walk does) is called once
// successfully, and the tenant's event log must have grown by at least one event of a type the
// registry documents (`eventTypes`). A write route with no fixture here fails, so a new write
// cannot slip past without an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { testLogin } from './login.ts';
import { collectingRoutes } from './routes.ts';
import { as, type Caller, type TenantFixture } from './helpers.ts';
import { recordMaker, FIXTURES, type FixtureContext } from './record-fixtures.ts';
import { eventTypes, records } from '../src/resources/registry.ts';
import { collectionPath, idProperty, type RecordDefinition } from '../src/platform/records/record.ts';
import { fieldsRead } from '../src/platform/records/rules.ts';
import { CONTACT_METHOD_TYPES } from '../src/resources/contact-methods/contact-method.table.ts';
import { multipart, type FilePart } from './multipart.ts';
import { PASSWORD } from './login.ts';
import { newJobTitle } from './record-fixtures.ts';
import { startProviderDouble, type ProviderDouble } from './assessment-provider-double.ts';
import { BASE, csrfOf, openPage, signedIn, withCookies, type Cookies } from '../src/web/admin/admin.test-support.ts';
import { setRepLogin } from '../src/platform/auth/rep-logins.ts';
import { registerClient } from '../src/platform/auth/clients.ts';
import { makeResume, SAMPLE_PERSON } from '../src/resources/resumes/resume.fixtures.ts';
import { seedOffer, seedSession } from '../src/resources/assessments/assessment-session.fixtures.ts';
import { seedAssignment } from '../src/resources/assignment-accruals/assignment-accrual.fixtures.ts';
import { seedMessage } from '../src/resources/assignments/assignment.fixtures.ts';
import { lookupId, seedWorksite } from '../src/resources/job-orders/job-order.test-data.ts';

const { built: t, routesOf } = await collectingRoutes(() => testLogin({ BASE_URL: BASE, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }));
afterAll(async () => { await double?.close(); await t.close(); });

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const writes = routesOf(t.app).filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.url}`);

/**
 * Writes that change no tenant data, with why. As few as possible: a write that changes what a
 * reader of the API could see belongs in the walk.
 */
const EXCLUDED: Record<string, string> = {
  'POST /admin/sign-in': 'opens an admin session (a sign-in changes no tenant data)',
  'POST /admin/sign-out': 'ends an admin session',
  'POST /register/:localeId/:tenantName/sign-in': 'opens an applicant\'s session',
  'POST /register/:localeId/:tenantName/sign-out': 'ends an applicant\'s session',
};

/**
 * Routes whose successful call writes no event yet. Empty since issue 27 (every write emits): a
 * route put here must be one whose event is on its way, and one listed that does emit fails too
 * (take it off the list).
 */
const NOT_YET_EMITTING = new Set<string>([]);

/**
 * Write routes the walk has no fixture for yet (so it cannot call them successfully). Empty since
 * issue 27: a new write route gets its fixture below, not a line here.
 */
const NOT_YET_WALKED = new Set<string>([]);

interface Context {
  admin: Caller;
  fixture: TenantFixture;
  records: FixtureContext;
  db: typeof t.database.db;
  tenantId: number;
}

/**
 * A route's successful call: prepares what it needs (before the events are counted) and answers the
 * request. The API's are sent with the administrator's token; a request that carries its own
 * cookies (an admin page's session, an applicant's) is a page's, and is sent as it is.
 */
type Fixture = (ctx: Context) => Promise<InjectOptions>;

/** A JSON Patch that changes a catalog field any value suits (the choice records.test.ts makes) to a value other than `current`'s. */
function plainChange(def: RecordDefinition, current: Record<string, unknown>) {
  const target = def.patch.target;
  const busy = new Set([...fieldsRead(target.rules ?? {}), ...Object.keys(target.unchecked ?? {}), ...(target.followsBranch ? ['branchId'] : [])]);
  const shown = new Set(Object.keys(def.read.schema.properties));
  const free = target.catalog.fields.filter((f) => !busy.has(f.json) && shown.has(f.json));
  const field = free.find((f) => f.type === 'String') ?? free.find((f) => f.type === 'Boolean' && !f.nullable);
  if (!field) throw new Error(`${def.name}: no plain String or Boolean field to PATCH`);
  const value = field.type === 'Boolean' ? current[field.json] !== true : 'Walked'.slice(0, typeof field.maxLength === 'number' ? field.maxLength : 6);
  return [{ op: 'replace', path: `/${field.name}`, value }];
}

const JSON_PATCH = { 'content-type': 'application/json-patch+json' };

/** A record of `def` made through the API (and its parent's id, for a record kept under one). */
async function made(ctx: Context, def: RecordDefinition): Promise<{ id: number; parentId?: number }> {
  const parentId = def.parent ? await ctx.records.make(def.parent.record.name) : undefined;
  return { id: await ctx.records.make(def.name, parentId), parentId };
}

const recordFixtures: Record<string, Fixture> = Object.fromEntries(records.flatMap((def) => {
  const one = `${def.path.replace(/\{(\w+)\}/g, ':$1')}/:${def.idParam ?? 'id'}`;
  const create: Fixture = async (ctx) => {
    const parentId = def.parent ? await ctx.records.make(def.parent.record.name) : undefined;
    return { method: 'POST', url: collectionPath(def, parentId), payload: await FIXTURES[def.name]!.body(ctx.records) };
  };
  const patch: Fixture = async (ctx) => {
    const { id, parentId } = await made(ctx, def);
    const url = `${collectionPath(def, parentId)}/${id}`;
    const current = (await ctx.admin({ method: 'GET', url })).json<Record<string, unknown>>();
    return { method: 'PATCH', url, headers: JSON_PATCH, payload: JSON.stringify(plainChange(def, current)) };
  };
  return [[`POST ${def.path.replace(/\{(\w+)\}/g, ':$1')}`, create], [`PATCH ${one}`, patch]];
}));

/** The record whose collection is `/<segment>`. */
const ownerOf = (segment: string) => records.find((r) => r.path === `/${segment}`)!;

async function contactMethodOf(ctx: Context, owner: string, id: number): Promise<number> {
  const res = await ctx.admin({ method: 'POST', url: `/${owner}/${id}/contactmethods`, payload: { contactMethodTypeId: CONTACT_METHOD_TYPES.email, contactMethod: 'walk@example.com' } });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().contactMethodId);
}

const contactMethodFixtures: Record<string, Fixture> = Object.fromEntries(['Employees', 'Contacts', 'Customers'].flatMap((owner) => [
  [`POST /${owner}/:id/contactmethods`, async (ctx: Context) => ({
    method: 'POST', url: `/${owner}/${(await made(ctx, ownerOf(owner))).id}/contactmethods`,
    payload: { contactMethodTypeId: CONTACT_METHOD_TYPES.email, contactMethod: 'walk@example.com' },
  })],
  [`PATCH /${owner}/:id/contactmethods/:contactMethodId`, async (ctx: Context) => {
    const { id } = await made(ctx, ownerOf(owner));
    return {
      method: 'PATCH', url: `/${owner}/${id}/contactmethods/${await contactMethodOf(ctx, owner, id)}`, headers: JSON_PATCH,
      payload: JSON.stringify([{ op: 'replace', path: '/ContactMethod', value: 'walked@example.com' }]),
    };
  }],
] satisfies [string, Fixture][]));

const messageFixtures: Record<string, Fixture> = Object.fromEntries(
  ['Employees', 'Prospects', 'Customers', 'Contacts', 'Contracts', 'JobOrders', 'Assignments'].map((owner) => {
    const def = ownerOf(owner);
    return [`POST /${owner}/:${idProperty(def)}/messages`, async (ctx: Context) => {
      const [action] = await ctx.db.execute<{ id: number }>(sql`select id from message_actions where tenant_id = ${ctx.tenantId} and name = 'General Note'`).then((r) => r.rows);
      return {
        method: 'POST', url: `/${owner}/${(await made(ctx, def)).id}/messages`,
        payload: { subject: 'Walked', text: 'The event walk.', messageActionId: action?.id, messageDate: '2026-03-02T15:30:00Z' },
      };
    }] satisfies [string, Fixture];
  }),
);

const HOOK = { url: 'http://127.0.0.1:9/hook', eventTypes: ['employee.created'], description: 'the event walk' };

async function webhook(ctx: Context): Promise<number> {
  const res = await ctx.admin({ method: 'POST', url: '/Webhooks', payload: HOOK });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().webhookId);
}

const webhookFixtures: Record<string, Fixture> = {
  'POST /Webhooks': async () => ({ method: 'POST', url: '/Webhooks', payload: HOOK }),
  'PUT /Webhooks/:id': async (ctx) => ({ method: 'PUT', url: `/Webhooks/${await webhook(ctx)}`, payload: { ...HOOK, description: 'changed' } }),
  'POST /Webhooks/:id/Enable': async (ctx) => ({ method: 'POST', url: `/Webhooks/${await webhook(ctx)}/Enable` }),
  'POST /Webhooks/:id/RotateSecret': async (ctx) => ({ method: 'POST', url: `/Webhooks/${await webhook(ctx)}/RotateSecret` }),
  'DELETE /Webhooks/:id': async (ctx) => ({ method: 'DELETE', url: `/Webhooks/${await webhook(ctx)}` }),
  'POST /Webhooks/:id/Deliveries/:deliveryId/Redeliver': async (ctx) => {
    const id = await webhook(ctx);
    // A delivery that failed (the receiver was down): what Redeliver is for.
    const { rows: [row] } = await ctx.db.execute<{ id: number }>(sql`insert into webhook_deliveries (tenant_id, subscription_id, event_id, status)
      select ${ctx.tenantId}, ${id}, max(id), 'Failed' from events where tenant_id = ${ctx.tenantId} returning id`);
    return { method: 'POST', url: `/Webhooks/${id}/Deliveries/${row!.id}/Redeliver` };
  },
};

let logins = 0;
/** A new contact's web-user login body (a fresh username each time). */
const webUser = async (ctx: Context) => ({ type: 'WebUserContact', recordId: await ctx.records.make('Contact'), username: `walk.${++logins}`, password: 'a long password' });

const webUserFixtures: Record<string, Fixture> = {
  'POST /WebUsers': async (ctx) => ({ method: 'POST', url: '/WebUsers', payload: await webUser(ctx) }),
  'DELETE /WebUsers/:id': async (ctx) => {
    const created = await ctx.admin({ method: 'POST', url: '/WebUsers', payload: await webUser(ctx) });
    expect(created.statusCode, created.body).toBe(201);
    return { method: 'DELETE', url: `/WebUsers/${created.json<{ webUserId: number }>().webUserId}` };
  },
};


const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const resumePart = async (name = 'resume'): Promise<FilePart> => ({ name, fileName: 'cv.docx', type: DOCX, bytes: await makeResume(SAMPLE_PERSON, 'docx') });

/** A multipart request of `fields` and `files`. */
async function multipartRequest(url: string, fields: Record<string, string>, files: FilePart[], method: 'POST' | 'PUT' = 'POST'): Promise<InjectOptions> {
  const { payload, headers } = await multipart(fields, files);
  return { method, url, payload, headers };
}

async function created<T>(ctx: Context, request: InjectOptions): Promise<T> {
  const res = await ctx.admin(request);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<T>();
}

const newJob = async (ctx: Context, batchJobType: string, batchJobParameters: Record<string, unknown> = {}) =>
  (await created<{ batchJobId: number }>(ctx, { method: 'POST', url: '/batchjobs', payload: { batchJobType, batchJobParameters } })).batchJobId;

/** A staged employee of a new import job (staged, not yet parsed: no worker runs here). */
async function stagedEmployee(ctx: Context): Promise<number> {
  const job = await newJob(ctx, 'Staged_Employee_Import_Resume_Data');
  const upload = await multipartRequest('/Staging/Employees/Resumes', { batchJobId: String(job) }, [await resumePart()]);
  return (await created<{ stagedEmployeeId: number }>(ctx, upload)).stagedEmployeeId;
}

const conversion = (ctx: Context) => ({ serviceRepId: ctx.fixture.north.repId, branchId: ctx.fixture.north.branchId, isEmployeeActive: false });

const stagingFixtures: Record<string, Fixture> = {
  'POST /batchjobs': async () => ({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: { skipInterestCodes: true } } }),
  'POST /Staging/Employees/Resumes': async (ctx) => multipartRequest('/Staging/Employees/Resumes', { batchJobId: String(await newJob(ctx, 'Staged_Employee_Import_Resume_Data')) }, [await resumePart()]),
  'POST /batchjobs/imports': async () => multipartRequest('/batchjobs/imports', { batchJobType: 'Import_Employees' }, [{ name: 'file', fileName: 'walk.csv', type: 'text/csv', bytes: Buffer.from('externalId,firstName\nwalk-1,Walk\n') }]),
  'POST /Staging/Employees/delete': async (ctx) => ({ method: 'POST', url: '/Staging/Employees/delete', payload: { stagedEmployeeIds: [await stagedEmployee(ctx)] } }),
  'POST /Staging/Employees/:id/ConvertToEmployee': async (ctx) => {
    const id = await stagedEmployee(ctx);
    return { method: 'POST', url: `/Staging/Employees/${id}/ConvertToEmployee`, payload: { batchJobId: await newJob(ctx, 'Convert_Staged_Employees', conversion(ctx)) } };
  },
  'POST /Employees/Resume': async () => multipartRequest('/Employees/Resume', {}, [await resumePart()]),
  'PUT /Employees/:id/Resume': async (ctx) => multipartRequest(`/Employees/${await ctx.records.make('Employee')}/Resume`, {}, [await resumePart()], 'PUT'),
  'PUT /Employees/:id/Profile': async (ctx) => ({
    method: 'PUT', url: `/Employees/${await ctx.records.make('Employee')}/Profile`,
    payload: { skills: [{ id: 'forklift', stated: true }], certifications: [], languages: [], workHistory: [], education: [], desiredPay: null, maxDistanceMiles: null },
  }),
};

/** A job order whose title is public (what the job board and registration show). */
async function publicOrder(ctx: Context): Promise<number> {
  const { db, fixture } = ctx;
  const payload = {
    customerId: await ctx.records.make('Customer'), jobTitleId: await newJobTitle(ctx.admin, db, fixture, true, `Walked ${++serial}`), branchId: fixture.north.branchId,
    worksiteId: await seedWorksite(db, fixture.tenantId), jobOrderTypeId: await lookupId(db, fixture.tenantId, 'orderTypes'), positionsRequired: 1, jobDescription: 'The event walk.',
  };
  return (await created<{ jobOrderId: number }>(ctx, { method: 'POST', url: '/JobOrders', payload })).jobOrderId;
}
let serial = 0;

const north = (ctx: Context) => ({ tenantId: ctx.tenantId, ...ctx.fixture.north });
const assignmentOf = (ctx: Context) => seedAssignment(ctx.db, north(ctx), { startDate: new Date('2026-01-05T00:00:00Z') });

async function restrictionSession(ctx: Context) {
  const jobOrderId = await ctx.records.make('JobOrder'), employeeId = await ctx.records.make('Employee');
  await ctx.db.execute(sql`insert into assignment_restrictions (tenant_id, customer_id, employee_id, raised_by)
    select ${ctx.tenantId}, customer_id, ${employeeId}, 'customer' from job_orders where id = ${jobOrderId}`);
  const session = await created<{ assignmentRestrictionSessionId: number; results: { resultId: number }[] }>(ctx, { method: 'POST', url: `/jobOrder/${jobOrderId}/assignmentRestriction`, payload: { employeeId } });
  return { jobOrderId, sessionId: session.assignmentRestrictionSessionId, resultId: session.results[0]!.resultId };
}

const assignmentFixtures: Record<string, Fixture> = {
  'POST /JobOrders/:id/jobBoardCandidate': async (ctx) => ({ method: 'POST', url: `/JobOrders/${await ctx.records.make('JobOrder')}/jobBoardCandidate`, payload: { employeeId: await ctx.records.make('Employee'), utmSource: 'walk' } }),
  'POST /JobOrders/:id/matches/:employeeId': async (ctx) => ({ method: 'POST', url: `/JobOrders/${await ctx.records.make('JobOrder')}/matches/${await ctx.records.make('Employee')}` }),
  'PUT /Assignments/:assignmentId/messages/:messageId': async (ctx) => {
    const { assignmentId } = await assignmentOf(ctx);
    return { method: 'PUT', url: `/Assignments/${assignmentId}/messages/${await seedMessage(ctx.db, ctx.tenantId, 'assignment', assignmentId)}`, payload: { subject: 'Walked', text: 'The event walk.' } };
  },
  'POST /Assignments/:assignmentId/messages/:messageId/documents': async (ctx) => {
    const { assignmentId, employeeId } = await assignmentOf(ctx);
    const messageId = await seedMessage(ctx.db, ctx.tenantId, 'employee', employeeId);
    const { rows: [type] } = await ctx.db.execute<{ id: number }>(sql`select id from document_types where tenant_id = ${ctx.tenantId} and name = 'I-9'`);
    return multipartRequest(`/Assignments/${assignmentId}/messages/${messageId}/documents`, { DocumentName: 'Walked', DocumentTypeId: String(type!.id) },
      [{ name: 'File', fileName: 'scan.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7\nwalked') }]);
  },
  'POST /jobOrder/:orderId/assignmentRestriction': async (ctx) => ({ method: 'POST', url: `/jobOrder/${await ctx.records.make('JobOrder')}/assignmentRestriction`, payload: { employeeId: await ctx.records.make('Employee') } }),
  'POST /jobOrder/:orderId/assignmentRestriction/:sessionId/results/:resultId/approval': async (ctx) => {
    const { jobOrderId, sessionId, resultId } = await restrictionSession(ctx);
    return { method: 'POST', url: `/jobOrder/${jobOrderId}/assignmentRestriction/${sessionId}/results/${resultId}/approval`, payload: { note: 'Walked' } };
  },
  'PUT /assignmentRestriction/rules/:ruleCode': async () => ({ method: 'PUT', url: '/assignmentRestriction/rules/OVERLAPPING_ASSIGNMENT', payload: { isEnabled: true, approvalLevel: 'root' } }),
  'PUT /assignmentRestriction/customers/:customerId': async (ctx) => ({ method: 'PUT', url: `/assignmentRestriction/customers/${await ctx.records.make('Customer')}`, payload: { requiresI9: true } }),
  'PUT /JobOrders/:id/Requirements': async (ctx) => ({
    method: 'PUT', url: `/JobOrders/${await ctx.records.make('JobOrder')}/Requirements`,
    payload: { requiredSkills: ['forklift'], preferredSkills: [], requiredCertifications: [], preferredCertifications: [], requiredLanguages: [], minimumYears: 1, maxMiles: 30 },
  }),
  'PUT /Matching/Weights': async () => ({
    method: 'PUT', url: '/Matching/Weights',
    payload: { occupation: 3, skills: 3, certifications: 3, distance: 3, experience: 3, availability: 3, pay: 3, history: 3, assessments: 3 },
  }),
};

const PACKAGES = '/Administration/AssessmentPackages';
const CODES = ['walk-typing', 'walk-math'] as const;
let double: ProviderDouble | undefined;

async function assessmentPackage(ctx: Context) {
  const offer = await seedOffer(ctx.db, ctx.tenantId, CODES);
  const { id } = await created<{ id: number }>(ctx, { method: 'POST', url: PACKAGES, payload: { name: `Walked ${++serial}`, assessmentVendorId: offer.vendorId } });
  return { ...offer, id };
}

/** A requested session of a new North employee with the provider's id `providerSessionId`. */
async function assessmentSession(ctx: Context, providerSessionId: string, kind: 'assessoncloud' | 'webhook' = 'assessoncloud') {
  const offer = await seedOffer(ctx.db, ctx.tenantId, CODES, { kind });
  const employeeId = await ctx.records.make('Employee');
  const id = await seedSession(ctx.db, { tenantId: ctx.tenantId, hierId: ctx.fixture.north.hierId, employeeId, vendorId: offer.vendorId, assessmentIds: offer.assessmentIds, codes: CODES, providerSessionId });
  return { id, vendorId: offer.vendorId };
}

const JSON_BODY = { 'content-type': 'application/json' };

const assessmentFixtures: Record<string, Fixture> = {
  [`POST ${PACKAGES}`]: async (ctx) => ({ method: 'POST', url: PACKAGES, payload: { name: `Walked ${++serial}`, assessmentVendorId: (await seedOffer(ctx.db, ctx.tenantId, CODES)).vendorId } }),
  [`PUT ${PACKAGES}/:id`]: async (ctx) => {
    const { id, vendorId } = await assessmentPackage(ctx);
    return { method: 'PUT', url: `${PACKAGES}/${id}`, payload: { name: `Walked ${++serial}`, assessmentVendorId: vendorId } };
  },
  [`DELETE ${PACKAGES}/:id`]: async (ctx) => ({ method: 'DELETE', url: `${PACKAGES}/${(await assessmentPackage(ctx)).id}` }),
  [`POST ${PACKAGES}/:id/Assessments`]: async (ctx) => {
    const { id, assessmentIds } = await assessmentPackage(ctx);
    return { method: 'POST', url: `${PACKAGES}/${id}/Assessments`, payload: { assessmentId: assessmentIds[0] } };
  },
  [`DELETE ${PACKAGES}/:id/Assessments/:assessmentPackageMemberId`]: async (ctx) => {
    const { id, assessmentIds } = await assessmentPackage(ctx);
    const member = await created<{ assessmentPackageMemberId: number }>(ctx, { method: 'POST', url: `${PACKAGES}/${id}/Assessments`, payload: { assessmentId: assessmentIds[0] } });
    return { method: 'DELETE', url: `${PACKAGES}/${id}/Assessments/${member.assessmentPackageMemberId}` };
  },
  'POST /Employees/:id/assessmentSessions': async (ctx) => {
    double ??= await startProviderDouble();
    const offer = await seedOffer(ctx.db, ctx.tenantId, CODES, { apiUrl: double.url, apiKey: 'sk-walk' });
    const employeeId = await ctx.records.make('Employee');
    return { method: 'POST', url: `/Employees/${employeeId}/assessmentSessions`, payload: { assessmentPackageId: offer.packageId } };
  },
  'POST /Assessments/Sessions/AssessOnCloud/Results': async (ctx) => {
    const { id } = await assessmentSession(ctx, `AOC-W${++serial}`);
    const report = { reportId: `W-${serial}`, assessmentCode: CODES[0], status: 'completed', completedAt: '2026-03-15T14:02:00Z', score: { value: 62, minimum: 0, maximum: 100 }, outcome: 'pass' };
    return { method: 'POST', url: '/Assessments/Sessions/AssessOnCloud/Results', headers: JSON_BODY, payload: JSON.stringify({ assessmentSessionId: id, reports: [report] }) };
  },
  'POST /Assessments/Sessions/AssessOnCloud/Status': async (ctx) => {
    const { id } = await assessmentSession(ctx, `AOC-W${++serial}`);
    return { method: 'POST', url: '/Assessments/Sessions/AssessOnCloud/Status', headers: JSON_BODY, payload: JSON.stringify({ assessmentSessionId: id, status: 'inProgress', occurredAt: '2026-03-15T10:00:00Z' }) };
  },
  'POST /Assessments/Sessions/Vendors/:id/Results': async (ctx) => {
    const { id, vendorId } = await assessmentSession(ctx, `V-W${++serial}`, 'webhook');
    const data = JSON.stringify({ sessionId: id, reportId: `V-${serial}`, assessmentCode: CODES[0], score: 88, maxScore: 100, outcome: 'pass', completedAt: '2026-03-15T14:02:00Z' });
    return { method: 'POST', url: `/Assessments/Sessions/Vendors/${vendorId}/Results?data=${encodeURIComponent(data)}` };
  },
};

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A page's form posted from `from` (its form token and cookies), as a browser submits it. */
async function pageForm(cookies: Cookies, url: string, form: Record<string, string>, from = url): Promise<InjectOptions> {
  const page = await openPage(t.app, from, cookies);
  expect(page.res.statusCode, page.res.body).toBe(200);
  return { method: 'POST', url, cookies: page.cookies, headers: FORM, payload: new URLSearchParams({ _csrf: page.csrf, ...form }).toString() };
}

/** Sends a page's request built by `pageForm` (a step before the walked call). */
async function sent(request: InjectOptions) {
  const res = await t.app.inject(request);
  expect(res.statusCode, res.body).toBeLessThan(400);
  return res;
}

let ada: Cookies | undefined;
/** The administrator (at the top node: the tenant-wide pages are for such reps) signed in to the admin pages. */
async function adminPages(ctx: Context): Promise<Cookies> {
  if (!ada) {
    await setRepLogin(ctx.db, ctx.tenantId, ctx.fixture.adminRepId, 'ada', PASSWORD);
    ada = await signedIn(t, 'ada');
  }
  return ada;
}

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const tokenForm = (ctx: Context) => ({ name: `Walked ${++serial}`, rep: String(ctx.fixture.south.repId), expires: inTwoDays(), 'scope:employee-read': 'on' });

const adminPageFixtures: Record<string, Fixture> = {
  'POST /admin/tokens': async (ctx) => pageForm(await adminPages(ctx), '/admin/tokens', tokenForm(ctx)),
  'POST /admin/tokens/:key/revoke': async (ctx) => {
    const issued = await sent(await pageForm(await adminPages(ctx), '/admin/tokens', tokenForm(ctx)));
    const sid = /id="token-sid">([^<]+)</.exec(issued.body)?.[1] ?? '';
    return pageForm(await adminPages(ctx), `/admin/tokens/${sid}/revoke`, {});
  },
  'POST /admin/clients': async (ctx) => pageForm(await adminPages(ctx), '/admin/clients', {
    name: `Walked ${++serial}`, pid: 'web', 'grant:tw_vendor_service_credentials': 'on', rep: String(ctx.fixture.north.repId), 'scope:employee-read': 'on',
  }),
  'POST /admin/clients/:key/revoke': async (ctx) => {
    const client = await registerClient(ctx.db, { tenantId: ctx.tenantId, productInstanceId: 'web', name: `walked ${++serial}`, grants: ['tw_vendor_webuser'] });
    return pageForm(await adminPages(ctx), `/admin/clients/${client.clientId}/revoke`, {});
  },
  'POST /admin/web-users': async (ctx) => {
    const { recordId, username, password } = await webUser(ctx);
    return pageForm(await adminPages(ctx), '/admin/web-users', { type: 'WebUserContact', recordId: String(recordId), username, password });
  },
  'POST /admin/web-users/:key/disable': async (ctx) => {
    const { webUserId } = await created<{ webUserId: number }>(ctx, { method: 'POST', url: '/WebUsers', payload: await webUser(ctx) });
    return pageForm(await adminPages(ctx), `/admin/web-users/${webUserId}/disable`, {});
  },
  'POST /admin/job-board': async (ctx) => pageForm(await adminPages(ctx), '/admin/job-board', { hideWorksite: 'on', hideOldDates: 'on', oldDateCutoffDays: String(10 + (++serial % 20)) }),
  'POST /admin/upload': async (ctx) => {
    const page = await openPage(t.app, '/admin/upload', await adminPages(ctx));
    return { ...await multipartRequest('/admin/upload', { _csrf: page.csrf }, [await resumePart()]), cookies: page.cookies };
  },
  'POST /admin/staged-employees/convert': async (ctx) => {
    const id = String(await stagedEmployee(ctx));
    const { serviceRepId, branchId } = conversion(ctx);
    return pageForm(await adminPages(ctx), '/admin/staged-employees/convert', { ids: id, branchId: String(branchId), serviceRepId: String(serviceRepId), isEmployeeActive: 'true' }, `/admin/staged-employees/convert?ids=${id}`);
  },
  'POST /admin/job-order-matches/add': async (ctx) => pageForm(await adminPages(ctx), '/admin/job-order-matches/add', {
    jobOrderId: String(await ctx.records.make('JobOrder')), employeeId: String(await ctx.records.make('Employee')),
  }, '/admin/tokens'), // a form token of the session: the matches page shows its forms only beside matches
  'POST /admin/staged-employees/delete': async (ctx) => {
    const id = String(await stagedEmployee(ctx));
    return pageForm(await adminPages(ctx), '/admin/staged-employees/delete', { ids: id }, `/admin/staged-employees/delete?ids=${id}`);
  },
};

const REGISTER = '/register/en/acme';
const applicant = (ctx: Context) => ({
  username: `applicant.${++serial}`, password: 'correct horse battery', firstName: 'Pat', lastName: `Walk${serial}`, region: 'MN', branchId: String(ctx.fixture.north.branchId),
});

/** The registration page's form at `url` posted (from the page at `from`) with the applicant's cookies. */
async function registrationForm(url: string, form: Record<string, string>, from: string, cookies: Cookies = {}): Promise<InjectOptions> {
  const page = await t.app.inject({ method: 'GET', url: from, cookies });
  expect(page.statusCode, page.body).toBe(200);
  return { method: 'POST', url, cookies: withCookies(cookies, page), headers: FORM, payload: new URLSearchParams({ _csrf: csrfOf(page.body), ...form }).toString() };
}

const registrationFixtures: Record<string, Fixture> = {
  'POST /register/:localeId/:tenantName': async (ctx) => registrationForm(REGISTER, applicant(ctx), REGISTER),
  'POST /register/:localeId/:tenantName/apply': async (ctx) => {
    const me = applicant(ctx);
    await sent(await registrationForm(REGISTER, me, REGISTER));
    const query = `?orders=${await publicOrder(ctx)}`;
    const signIn = await sent(await registrationForm(`${REGISTER}/sign-in${query}`, { username: me.username, password: me.password }, `${REGISTER}/sign-in${query}`));
    return registrationForm(`${REGISTER}/apply${query}`, {}, `${REGISTER}${query}`, withCookies({}, signIn));
  },
};

const FIXTURE_OF: Record<string, Fixture> = {
  ...recordFixtures, ...contactMethodFixtures, ...messageFixtures, ...webhookFixtures, ...webUserFixtures,
  ...stagingFixtures, ...assignmentFixtures, ...assessmentFixtures, ...adminPageFixtures, ...registrationFixtures,
};

let ctx: Context;
beforeAll(() => {
  const { fixture } = t.acme;
  ctx = { admin: as(t.app, fixture.adminToken), fixture, records: recordMaker(t.app, t.database.db, fixture), db: t.database.db, tenantId: fixture.tenantId };
});

/** The types of the tenant's events written after event `after`. */
async function eventsAfter(after: number): Promise<string[]> {
  const { rows } = await t.database.db.execute<{ type: string }>(sql`select type from events where tenant_id = ${ctx.tenantId} and id > ${after} order by id`);
  return rows.map((r) => r.type);
}

/** The tenant's history entries written after change `after` (docs/history.md): who each names. */
async function changesAfter(after: number): Promise<{ recordType: string; actor: Record<string, unknown> }[]> {
  const { rows } = await t.database.db.execute<{ recordType: string; actor: Record<string, unknown> }>(
    sql`select record_type as "recordType", actor from record_changes where tenant_id = ${ctx.tenantId} and id > ${after} order by id`);
  return rows;
}

async function lastChange(): Promise<number> {
  const { rows: [row] } = await t.database.db.execute<{ id: string | null }>(sql`select max(id) as id from record_changes`);
  return Number(row?.id ?? 0);
}

async function lastEvent(): Promise<number> {
  const { rows: [row] } = await t.database.db.execute<{ id: string | null }>(sql`select max(id) as id from events`);
  return Number(row?.id ?? 0);
}

describe('the event walk', () => {
  it('finds the write routes, and every one is walked, excluded or listed (a new write route needs a fixture here)', () => {
    expect(writes.length).toBeGreaterThan(60);
    const unaccounted = writes.filter((w) => !FIXTURE_OF[w] && !(w in EXCLUDED) && !NOT_YET_WALKED.has(w));
    expect(unaccounted).toEqual([]);
  });

  it('its lists name only routes the app registers, none twice', () => {
    const named = [...Object.keys(FIXTURE_OF), ...Object.keys(EXCLUDED), ...NOT_YET_WALKED, ...NOT_YET_EMITTING];
    expect(named.filter((w) => !writes.includes(w))).toEqual([]);
    expect(Object.keys(FIXTURE_OF).filter((w) => w in EXCLUDED || NOT_YET_WALKED.has(w))).toEqual([]);
  });

  const documented = new Set(eventTypes.map((e) => e.type));
  /** The kinds of record whose history the walk's calls wrote (each entry's actor checked). */
  const recorded = new Set<string>();
  for (const route of writes.filter((w) => FIXTURE_OF[w])) {
    const emitting = !NOT_YET_EMITTING.has(route);
    it(`${route}: a successful call ${emitting ? 'writes an event of a documented type' : 'writes no event yet (NOT_YET_EMITTING)'}, and its history names the caller`, async () => {
      const request = await FIXTURE_OF[route]!(ctx);
      const before = await lastEvent();
      const changedBefore = await lastChange();
      const res = request.cookies ? await t.app.inject(request) : await ctx.admin(request);
      // A page answers a form it took with a redirect (303), one it refused with the page again (4xx).
      expect(res.statusCode, res.body).toBeLessThan(request.cookies ? 400 : 300);
      const types = await eventsAfter(before);
      // Every history entry the call left names who made it: the API's caller (the administrator's
      // token), a page's signed-in user; never `system` (a write outside the caller's transaction).
      const admin = { type: 'serviceRep', id: ctx.fixture.adminRepId, credentialId: ctx.fixture.adminToken.id };
      for (const change of await changesAfter(changedBefore)) {
        recorded.add(change.recordType);
        if (request.cookies) expect(change.actor.type, `${change.recordType}: ${JSON.stringify(change.actor)}`).not.toBe('system');
        else expect(change.actor, change.recordType).toEqual(admin);
      }
      if (!emitting) {
        expect(types, `${route} now emits: take it off NOT_YET_EMITTING`).toEqual([]);
        return;
      }
      expect(types.length, `${route} wrote no event`).toBeGreaterThan(0);
      expect(types.filter((type) => !documented.has(type)), 'undocumented event types').toEqual([]);
    });
  }

  it('its calls left history entries of every record the engine serves (the actor checks above saw them)', () => {
    expect(records.map((r) => r.name).filter((name) => !recorded.has(name))).toEqual([]);
  });
});
