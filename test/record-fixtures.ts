// How to create one of each record the engine serves (registry.ts `records`) through the API: its
// minimal valid create body, prerequisites made the same way. Shared by the tests that walk every
// record (records.test.ts, the bad-input sweep); a registered record without a line here fails them.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database.ts';
import { collectionPath, idProperty } from '../src/platform/records/record.ts';
import { records } from '../src/resources/registry.ts';
import { lookupId, seedWorksite } from '../src/resources/job-orders/job-order.test-data.ts';
import { vet } from '../src/resources/assignments/assignment.fixtures.ts';
import { codeListValues } from '../src/resources/reference-data/back-office.test-data.ts';
import { as, type Caller, type TenantFixture } from './helpers.ts';

export type Side = 'north' | 'south';
type Body = Record<string, unknown>;

export interface FixtureContext {
  db: Db;
  /** The tenant the record is created in (`acme`). */
  tenant: TenantFixture;
  /** A new record of another registered kind, created through the API from its own fixture (under `parentId`, or a new parent, for a record kept under one); its id. */
  make(name: string, parentId?: number): Promise<number>;
  /** Vets the employee for the job order (an assignment's prerequisite, ASG-04). */
  vet(jobOrderId: number, employeeId: number): Promise<number>;
}

export interface Fixture {
  /** The branch whose rep creates the record: the record lives there, and the other branch's rep must not see it. */
  at: Side;
  /** The minimal valid create body (prerequisites created at `at` too). */
  body(ctx: FixtureContext): Promise<Body>;
}

/** Record name → how to create one. Every record in the registry needs a line. */
export const FIXTURES: Record<string, Fixture> = {
  Employee: { at: 'north', body: async ({ tenant }) => ({ firstName: 'Gene', lastName: 'Eric', branchId: tenant.north.branchId, region: 'MN' }) },
  Prospect: { at: 'north', body: async () => ({ name: 'Generic Prospect' }) },
  Vendor: { at: 'north', body: async ({ db, tenant }) => {
    const { companyTypeId, employerId, paymentTypeId } = await codeListValues(db, tenant.tenantId);
    return { companyName: 'Generic Vendor', companyTypeId, employerId, paymentTypeId };
  } },
  Customer: { at: 'north', body: async ({ tenant }) => ({ customerName: 'Generic Co', departmentName: 'Ops', branchId: tenant.north.branchId }) },
  // Under a customer of its own (the fixture's parent), made at `at` too.
  Worksite: { at: 'north', body: async () => ({ name: 'Generic site', postalCode: '55401' }) },
  Contact: { at: 'north', body: async ({ tenant }) => ({ firstName: 'Gina', lastName: 'Generic', branchId: tenant.north.branchId }) },
  Contract: { at: 'north', body: async ({ make }) => ({ customerId: await make('Customer'), name: 'Generic contract' }) },
  JobOrder: {
    at: 'north',
    body: async ({ db, tenant, make }) => ({
      customerId: await make('Customer'), jobTitleId: await make('JobTitle'), branchId: tenant.north.branchId,
      worksiteId: await seedWorksite(db, tenant.tenantId), jobOrderTypeId: await lookupId(db, tenant.tenantId, 'orderTypes'), positionsRequired: 1,
    }),
  },
  JobTitle: {
    at: 'north',
    body: async ({ db, tenant }) => ({
      skillCode: 'GEN', jobTitle: 'Generic Title', jobTitleCategoryId: await lookupId(db, tenant.tenantId, 'jobTitleCategories'), hierId: tenant.north.hierId,
    }),
  },
  RateSheet: { at: 'north', body: async () => ({ name: 'Generic rates' }) },
  Timecard: { at: 'north', body: async ({ make }) => ({ jobOrderId: await make('JobOrder'), weekendDate: '2026-03-08T00:00:00Z' }) },
  Assignment: {
    at: 'north',
    body: async ({ make, vet }) => {
      const employeeId = await make('Employee'), jobOrderId = await make('JobOrder');
      await vet(jobOrderId, employeeId);
      return { employeeId, jobOrderId, startDate: '2026-01-05T00:00:00Z' };
    },
  },
};

/** Creates records of `tenant` through `app`, each by the rep of its fixture's branch (vetting by the administrator). */
export function recordMaker(app: FastifyInstance, db: Db, tenant: TenantFixture): FixtureContext {
  const callers = { north: as(app, tenant.northToken), south: as(app, tenant.southToken), admin: as(app, tenant.adminToken) };
  const context: FixtureContext = {
    db, tenant,
    make: async (name, parentId) => {
      const def = records.find((r) => r.name === name);
      const fixture = FIXTURES[name];
      if (!def || !fixture) throw new Error(`no registered record or fixture ${name} (test/record-fixtures.ts)`);
      const under = def.parent ? parentId ?? await context.make(def.parent.record.name) : undefined;
      const res = await callers[fixture.at]({ method: 'POST', url: collectionPath(def, under), payload: await fixture.body(context) });
      if (res.statusCode !== 201) throw new Error(`creating a ${name}: ${res.statusCode} ${res.body}`);
      return Number(res.json()[idProperty(def)]);
    },
    vet: (jobOrderId, employeeId) => vet(callers.admin, jobOrderId, employeeId),
  };
  return context;
}

/** A job title at the tenant's top node, made by `caller` through the API: public or not, as the job board shows public ones only. */
export async function newJobTitle(caller: Caller, db: Db, tenant: TenantFixture, isPublic: boolean, jobTitle: string): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Administration/JobTitles', payload: {
    skillCode: jobTitle.slice(0, 8).toUpperCase(), jobTitle, isPublic, hierId: tenant.rootHierId,
    jobTitleCategoryId: await lookupId(db, tenant.tenantId, 'jobTitleCategories'),
  } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().jobTitleId;
}
