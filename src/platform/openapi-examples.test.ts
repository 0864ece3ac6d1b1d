// Every request body and every JSON answer of the description has an example (decision 0052), and
// each example is valid against its schema, as a client's validator reads the description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { testApp, type TestContext } from '../../test/helpers.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { exampleOf } from './openapi-examples.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

/** A part of the description as JSON.parse reads it (any JSON). */
type Json = ReturnType<typeof JSON.parse>;

/** A validator of the description's component schemas (the description is the one schema resource, so its `#/...` references resolve). */
function validatorOf(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajvFormats.default(ajv);
  for (const format of ['int32', 'int64', 'binary', 'double', 'float']) ajv.addFormat(format, true);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components }, 'openapi.json');
  return (name: string, value: unknown) => {
    const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`) ?? ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };
}

/** The component names of every request body and success JSON answer. */
function exemplified(doc: Json): string[] {
  const names = new Set<string>();
  const add = (content: Json | undefined) => {
    const ref = content?.['application/json']?.schema?.$ref;
    if (typeof ref === 'string') names.add(ref.split('/').pop()!);
  };
  for (const item of Object.values(doc.paths as Record<string, Json>)) {
    for (const operation of Object.values(item as Record<string, Json>)) {
      add(operation.requestBody?.content);
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) if (/^2/.test(status)) add(response.content);
    }
  }
  return [...names].sort();
}

describe('examples', () => {
  it('every request body and every JSON answer has an example, valid against its schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const validate = validatorOf(doc);
    const names = exemplified(doc);
    expect(names.length).toBeGreaterThan(100);
    const problems = names.flatMap((name) => {
      const examples = doc.components.schemas[name].examples;
      if (!Array.isArray(examples) || examples.length === 0) return [`${name}: no example`];
      return examples.flatMap((example: unknown) => validate(name, example).map((problem) => `${name}: ${problem}`));
    });
    expect(problems).toEqual([]);
  });

  it('a record\'s example is its own where it gives a value (the create body and the list item too), and the schema\'s elsewhere', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const example = (name: string) => doc.components.schemas[name].examples[0];
    expect(example('Employee')).toMatchObject({ employeeId: 4711, firstName: 'Jane', lastName: 'Doe' });
    expect(example('EmployeeCreate')).toMatchObject({ firstName: 'Jane', lastName: 'Doe', region: 'MN' });
    expect(example('EmployeeCreate')).not.toHaveProperty('employeeId');
    expect(example('EmployeeListItem')).toMatchObject({ employeeId: 4711 });
    expect(example('EmployeePage')).toMatchObject({ data: [expect.objectContaining({ employeeId: 4711 })], totalCount: 1 });
    expect(example('EmployeePatch')[0]).toMatchObject({ op: 'replace' });
  });

  it('exampleOf makes a value from the schema where none is given: bounds, formats, patterns, enums, nullables', () => {
    const none = () => undefined;
    expect(exampleOf({ type: 'integer', minimum: 5, maximum: 9 }, none)).toBe(5);
    expect(exampleOf({ type: 'string', format: 'date-time' }, none)).toBe('2026-03-02T09:30:00.000Z');
    expect(exampleOf({ type: 'string', pattern: '^[A-Z]{2}$' }, none)).toBe('AB');
    expect(exampleOf({ type: 'string', minLength: 12 }, none)).toHaveLength(12);
    expect(exampleOf({ anyOf: [{ type: 'null' }, { type: 'string', enum: ['b', 'c'] }] }, none)).toBe('b');
    expect(exampleOf({ type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'string', maxLength: 3 } }, examples: [{ b: 'yes' }] }, none)).toEqual({ a: true, b: 'yes' });
    expect(exampleOf({ $ref: '#/x' }, () => ({ type: 'array', items: { type: 'number' } }))).toEqual([1]);
  });
});
