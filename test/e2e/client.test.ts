// End to end through the SDK (packages/client: openapi-fetch over the types generated from the
// committed API description, with its auth, retries and idempotency keys), against a real
// `staffing serve --demo`: if the description and the service disagree on a path, a parameter or a
// body, this fails to compile or to run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffingClient, type StaffingClient } from '../../packages/client/src/index.ts';
import { startDemoServer, type DemoServer } from './serve-process.ts';

let server: DemoServer;
let api: StaffingClient;

beforeAll(async () => {
  server = await startDemoServer();
  api = createStaffingClient({ baseUrl: server.base, auth: { personalAccessToken: server.credentials.personalAccessToken.token } });
}, 90_000);
afterAll(async () => { await server?.stop(); });

/** The body of an answer that must have `status` (the problem's detail otherwise). */
function expectBody<T>(result: { data?: T; error?: unknown; response: Response }, status: number): T {
  expect(result.response.status, `${result.response.url}: ${JSON.stringify(result.error)}`).toBe(status);
  expect(result.data, result.response.url).toBeDefined();
  return result.data as T;
}

/** A PATCH answers 200 without a body. */
function expectPatched(result: { error?: unknown; response: Response }) {
  expect(result.response.status, `${result.response.url}: ${JSON.stringify(result.error)}`).toBe(200);
}

// Typed per field: the generated client knows each catalog's paths and their value types.
const replace = <const P extends string, const V>(path: P, value: V) => [{ op: 'replace' as const, path, value }];

describe('the SDK against staffing serve --demo', () => {
  let branchId: number;
  let employeeId: number;
  let customerId: number;
  let jobTitleId: number;
  let jobOrderId: number;

  it('lists a datalist (the branches new records go to)', async () => {
    const branches = expectBody(await api.GET('/Datalists/Branches'), 200);
    expect(branches.data.map((b) => b.branchName)).toEqual(['Austin', 'Minneapolis']);
    branchId = branches.data[0]!.branchId;
  });

  it('employees: create, read, list, patch', async () => {
    employeeId = expectBody(await api.POST('/Employees', { body: { firstName: 'Ann', lastName: 'Lee', branchId, region: 'TX' } }), 201).employeeId;
    expect(expectBody(await api.GET('/Employees/{id}', { params: { path: { id: employeeId } } }), 200).firstName).toBe('Ann');
    expect(expectBody(await api.GET('/Employees', { params: { query: { take: 5 } } }), 200).totalCount).toBeGreaterThan(300);
    expectPatched(await api.PATCH('/Employees/{id}', { params: { path: { id: employeeId } }, body: replace('/LastName', 'Client') }));
    expect(expectBody(await api.GET('/Employees/{id}', { params: { path: { id: employeeId } } }), 200).lastName).toBe('Client');
  });

  it('contact methods of an employee: create, read, list, patch', async () => {
    const path = { id: employeeId };
    const { contactMethodId } = expectBody(await api.POST('/Employees/{id}/contactmethods', { params: { path }, body: { contactMethodTypeId: 1, contactMethod: 'ann.lee@example.com' } }), 201);
    const one = { params: { path: { ...path, contactMethodId } } };
    expect(expectBody(await api.GET('/Employees/{id}/contactmethods/{contactMethodId}', one), 200).contactMethod).toBe('ann.lee@example.com');
    expect(expectBody(await api.GET('/Employees/{id}/contactmethods', { params: { path } }), 200).data.map((m) => m.contactMethodId)).toContain(contactMethodId);
    expectPatched(await api.PATCH('/Employees/{id}/contactmethods/{contactMethodId}', { ...one, body: replace('/Notes', 'evenings') }));
    expect(expectBody(await api.GET('/Employees/{id}/contactmethods/{contactMethodId}', one), 200).notes).toBe('evenings');
  });

  it('customers: create, read, list, patch', async () => {
    customerId = expectBody(await api.POST('/Customers', { body: { customerName: 'Client Test Co', departmentName: 'Shipping', branchId } }), 201).customerId;
    const one = { params: { path: { id: customerId } } };
    expect(expectBody(await api.GET('/Customers/{id}', one), 200).customerName).toBe('Client Test Co');
    expect(expectBody(await api.GET('/Customers', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/Customers/{id}', { ...one, body: replace('/DepartmentName', 'Receiving') }));
    expect(expectBody(await api.GET('/Customers/{id}', one), 200).departmentName).toBe('Receiving');
  });

  it('contacts: create, read, list, patch', async () => {
    const { contactId } = expectBody(await api.POST('/Contacts', { body: { firstName: 'Carla', lastName: 'Contact', branchId, customerId } }), 201);
    const one = { params: { path: { id: contactId } } };
    expect(expectBody(await api.GET('/Contacts/{id}', one), 200).customerId).toBe(customerId);
    expect(expectBody(await api.GET('/Contacts', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/Contacts/{id}', { ...one, body: replace('/Title', 'Buyer') }));
    expect(expectBody(await api.GET('/Contacts/{id}', one), 200).title).toBe('Buyer');
  });

  it('job titles: create, read, list, patch', async () => {
    const existing = expectBody(await api.GET('/Administration/JobTitles', { params: { query: { take: 1 } } }), 200).data[0]!;
    jobTitleId = expectBody(await api.POST('/Administration/JobTitles', {
      body: { skillCode: 'E2E1', jobTitle: 'Client Tester', jobTitleCategoryId: existing.jobTitleCategoryId, hierId: existing.hierId },
    }), 201).jobTitleId;
    const one = { params: { path: { id: jobTitleId } } };
    expect(expectBody(await api.GET('/Administration/JobTitles/{id}', one), 200).skillCode).toBe('E2E1');
    expectPatched(await api.PATCH('/Administration/JobTitles/{id}', { ...one, body: replace('/JobTitle', 'Senior Client Tester') }));
    expect(expectBody(await api.GET('/Administration/JobTitles/{id}', one), 200).jobTitle).toBe('Senior Client Tester');
  });

  it('job orders: create, read, list, patch', async () => {
    const orderType = expectBody(await api.GET('/Datalists/OrderTypes'), 200).data[0]!;
    const anAssignment = expectBody(await api.GET('/Assignments', { params: { query: { take: 1 } } }), 200).data[0]!;
    // A worksite must be the order's customer's: take a demo assignment's site with its customer.
    const { worksiteId, customerId: siteCustomerId } = expectBody(await api.GET('/Assignments/{id}', { params: { path: { id: anAssignment.assignmentId } } }), 200);
    expect(worksiteId).toEqual(expect.any(Number));
    jobOrderId = expectBody(await api.POST('/JobOrders', {
      body: { customerId: siteCustomerId, jobTitleId, branchId, worksiteId: worksiteId!, jobOrderTypeId: orderType.orderTypeId, positionsRequired: 2 },
    }), 201).jobOrderId;
    const one = { params: { path: { id: jobOrderId } } };
    expect(expectBody(await api.GET('/JobOrders/{id}', one), 200).positionsRequired).toBe(2);
    expect(expectBody(await api.GET('/JobOrders', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/JobOrders/{id}', { ...one, body: replace('/Directions', 'Dock 4') }));
    expect(expectBody(await api.GET('/JobOrders/{id}', one), 200).directions).toBe('Dock 4');
  });

  it('assignments: vet, create, read, list, patch', async () => {
    // ASG-04: a vetting session first; a clear one lets the placement through.
    const vetting = expectBody(await api.POST('/jobOrder/{orderId}/assignmentRestriction', { params: { path: { orderId: jobOrderId } }, body: { employeeId } }), 201);
    expect(vetting.status).toBe('clear');
    const { assignmentId } = expectBody(await api.POST('/Assignments', { body: { employeeId, jobOrderId, startDate: '2026-03-02' } }), 201);
    const one = { params: { path: { id: assignmentId } } };
    expect(expectBody(await api.GET('/Assignments/{id}', one), 200).jobOrderId).toBe(jobOrderId);
    expect(expectBody(await api.GET('/Assignments', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/Assignments/{id}', { ...one, body: replace('/AlternateAssignmentId', 'ALT-1') }));
    expect(expectBody(await api.GET('/Assignments/{id}', one), 200).alternateAssignmentId).toBe('ALT-1');
  });

  it('timecards: create, read, list, patch', async () => {
    const { timecardId } = expectBody(await api.POST('/TimeEntry/timecards', { body: { jobOrderId, weekendDate: '2026-03-08T00:00:00Z' } }), 201);
    const one = { params: { path: { id: timecardId } } };
    expect(expectBody(await api.GET('/TimeEntry/timecards/{id}', one), 200).jobOrderId).toBe(jobOrderId);
    expect(expectBody(await api.GET('/TimeEntry/timecards', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/TimeEntry/timecards/{id}', { ...one, body: replace('/CostCenter', 'CC-42') }));
    expect(expectBody(await api.GET('/TimeEntry/timecards/{id}', one), 200).costCenter).toBe('CC-42');
  });

  it('contracts: create, read, list, patch', async () => {
    const { contractId } = expectBody(await api.POST('/Contracts', { body: { customerId, name: 'Master services' } }), 201);
    const one = { params: { path: { id: contractId } } };
    expect(expectBody(await api.GET('/Contracts/{id}', one), 200).customerId).toBe(customerId);
    expect(expectBody(await api.GET('/Contracts', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/Contracts/{id}', { ...one, body: replace('/Name', 'Master services 2026') }));
    expect(expectBody(await api.GET('/Contracts/{id}', one), 200).name).toBe('Master services 2026');
  });

  it('prospects: create, read, list, patch', async () => {
    const { prospectId } = expectBody(await api.POST('/Prospects', { body: { name: 'Future Client Inc' } }), 201);
    const one = { params: { path: { id: prospectId } } };
    expect(expectBody(await api.GET('/Prospects/{id}', one), 200).name).toBe('Future Client Inc');
    expect(expectBody(await api.GET('/Prospects', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/Prospects/{id}', { ...one, body: replace('/Department', 'Purchasing') }));
    expect(expectBody(await api.GET('/Prospects/{id}', one), 200).department).toBe('Purchasing');
  });

  it('rate sheets: create, read, list, patch', async () => {
    const { rateSheetId } = expectBody(await api.POST('/RateSheets', { body: { name: 'Client test rates', customerId } }), 201);
    const one = { params: { path: { rateSheetId } } };
    expect(expectBody(await api.GET('/RateSheets/{rateSheetId}', one), 200).customerId).toBe(customerId);
    expect(expectBody(await api.GET('/RateSheets', { params: { query: { take: 5 } } }), 200).data).toHaveLength(5);
    expectPatched(await api.PATCH('/RateSheets/{rateSheetId}', { ...one, body: replace('/IsActive', false) }));
    expect(expectBody(await api.GET('/RateSheets/{rateSheetId}', one), 200).isActive).toBe(false);
  });

  it('vendors: create, read, list, patch', async () => {
    const first = expectBody(await api.GET('/Vendors', { params: { query: { take: 1 } } }), 200).data[0]!;
    const existing = expectBody(await api.GET('/Vendors/{id}', { params: { path: { id: first.vendorId } } }), 200);
    const { vendorId } = expectBody(await api.POST('/Vendors', {
      body: { companyName: 'Client Test Supply', companyTypeId: existing.companyTypeId, employerId: existing.employerId, paymentTypeId: existing.paymentTypeId },
    }), 201);
    const one = { params: { path: { id: vendorId } } };
    expect(expectBody(await api.GET('/Vendors/{id}', one), 200).companyName).toBe('Client Test Supply');
    expectPatched(await api.PATCH('/Vendors/{id}', { ...one, body: replace('/CompanyAddress', '1 Supply Way') }));
    expect(expectBody(await api.GET('/Vendors/{id}', one), 200).companyAddress).toBe('1 Supply Way');
  });

  it('searches the job board', async () => {
    const page = expectBody(await api.GET('/Search/JobBoard', { params: { query: { sortBy: 4, countryCode: 840, take: 5 } } }), 200);
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.data[0]!.jobBoardUrl).toMatch(/\/jobs\/details\/\d+$/);
  });

  it('creates a batch job, reads it and lists its items', async () => {
    const { batchJobId } = expectBody(await api.POST('/batchjobs', { body: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: {} } }), 201);
    const path = { id: batchJobId };
    expect(expectBody(await api.GET('/batchjobs/{id}', { params: { path } }), 200)).toMatchObject({ batchJobId, batchJobType: 'Staged_Employee_Import_Resume_Data' });
    expect(expectBody(await api.GET('/batchjobs/{id}/items', { params: { path, query: { take: 10 } } }), 200)).toEqual({ data: [], totalCount: 0 });
  });
});
