// The OpenAPI description: generated from the route schemas, labelled `v 1`, with the security
// schemes, and identical to the committed docs/openapi.json (regenerate: npm run openapi).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { testApp, type TestContext } from '../../test/helpers.ts';
import { openApiDocument } from '../cli/openapi.command.ts';
import { OPENAPI_PATH } from './openapi.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

describe('OpenAPI description', () => {
  it('VER-01: is served without credentials at /swagger/v1/swagger.json, labelled "v 1"', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('v 1');
    expect(doc.servers).toEqual([{ url: 'http://api.test' }]);
  });

  it('AUTH-02 GEN-14: declares the three credential forms with placeholders only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['basic', 'twToken', 'twTokenQuery']);
    expect(doc.components.securitySchemes.twToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-tw-token' });
    expect(doc.components.securitySchemes.twTokenQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'tw-token' });
    expect(doc.paths['/health'].get.security).toEqual([]);
  });

  it('documents every route with its negotiated media types and the problem body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const branches = doc.paths['/Datalists/Branches'].get;
    expect(Object.keys(branches.responses['200'].content)).toContain('text/csv');
    expect(branches.responses['4XX'].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
  });

  it('the interactive documentation page is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after an API change)', async () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(await openApiDocument(t.config)).toEqual(committed);
  });
});
