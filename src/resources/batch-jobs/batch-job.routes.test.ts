// POST /batchjobs against the job catalog (src/resources/jobs.ts): every type it names is checked by
// its entry and documented from it, and a new job is announced by its `batchJob.created` event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IsObject } from 'typebox';
import { as, eventTypesOf, testApp, type TestContext } from '../../../test/helpers.ts';
import { OPENAPI_PATH } from '../../platform/openapi.ts';
import { batchJobTypes } from '../jobs.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const post = (payload: Record<string, unknown>) => as(t.app, t.tenant.northToken)({ method: 'POST', url: '/batchjobs', payload });

/** Each catalog type with each of its parameters. */
const parametersOfEachType = batchJobTypes.flatMap((entry) => Object.keys(IsObject(entry.parameters) ? entry.parameters.properties : {}).map((name) => [entry.type, name] as const));

describe('POST /batchjobs takes the job catalog', () => {
  it('has parameters to check for each type', () => {
    expect(new Set(parametersOfEachType.map(([type]) => type))).toEqual(new Set(batchJobTypes.map((entry) => entry.type)));
  });

  it.each(parametersOfEachType)('checks %s parameters by its catalog entry: %s of the wrong shape is 400 naming it', async (type, name) => {
    const res = await post({ batchJobType: type, batchJobParameters: { [name]: { not: 'a value of any parameter' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty([`batchJobParameters.${name}`]);
  });

  it('documents the catalog\'s types and each type\'s parameters in the API description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const body = doc.components.schemas.BatchJobCreate.properties;
    expect(body.batchJobType.examples).toEqual(batchJobTypes.map((entry) => entry.type));
    expect(Object.keys(body.batchJobParameters['x-parametersByType'])).toEqual(batchJobTypes.map((entry) => entry.type));
  });
});

describe('batchJob.created', () => {
  it('is written with the new job, in its transaction', async () => {
    const res = await post({ batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: {} });
    expect(res.statusCode).toBe(201);
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'BatchJob', res.json().batchJobId)).toEqual(['batchJob.created']);
  });

  it('is written for a refused job never', async () => {
    const before = await t.database.pool.query('select count(*)::int as n from events where type = $1', ['batchJob.created']);
    expect((await post({ batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: { skipInterestCodes: 'maybe' } })).statusCode).toBe(400);
    const after = await t.database.pool.query('select count(*)::int as n from events where type = $1', ['batchJob.created']);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

});
