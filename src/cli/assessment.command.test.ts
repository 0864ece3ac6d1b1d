// `staffing assessment vendor add` and `staffing assessment catalog import` against this test file's
// database: one run of the real command in a child process (as a user runs it), the rest in process
// with stdin given by the test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { commandDatabaseForFile, inProcess as runInProcess, staffing as runStaffing } from '../../test/cli.ts';
import { assessments, assessmentVendors } from '../resources/assessments/assessment.table.ts';
import { assessmentCommand } from './assessment.command.ts';

const cli = commandDatabaseForFile();
const folder = mkdtempSync(join(tmpdir(), 'assessment-catalog-'));

const inProcess = (stdin: string, ...args: string[]) => runInProcess((c, a) => assessmentCommand(c, a, { readStdin: async () => stdin }), cli.config, args);
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};
const vendorsOf = (tenantId: number) => cli.database.db.select().from(assessmentVendors).where(eq(assessmentVendors.tenantId, tenantId)).orderBy(asc(assessmentVendors.id));
/** The id of the vendor of that name (added by the tests above). */
async function vendorId(name: string): Promise<number> {
  const [row] = await cli.database.db.select({ id: assessmentVendors.id }).from(assessmentVendors).where(eq(assessmentVendors.name, name));
  if (!row) throw new Error(`No vendor ${name}`);
  return row.id;
}

describe('staffing assessment vendor add', () => {
  it('adds a vendor with the API key read from stdin, and never prints the key', async () => {
    const run = await inProcess('s3cret-key-value\nignored second line\n', 'vendor', 'add', '--tenant', 'acme', '--name', 'AssessOnCloud', '--kind', 'assessoncloud',
      '--api-url', 'https://api.assessoncloud.test/v2', '--api-key-stdin');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Assessment vendor \d+ "AssessOnCloud" \(assessoncloud\) added to tenant "acme"; API address: https:\/\/api\.assessoncloud\.test\/v2; API key: stored\.$/);
    expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret');
    expect(await vendorsOf(cli.tenant.tenantId)).toEqual([expect.objectContaining({ name: 'AssessOnCloud', kind: 'assessoncloud', apiUrl: 'https://api.assessoncloud.test/v2', apiKey: 's3cret-key-value', isActive: true })]);
  });

  it('adds a webhook vendor without address or key', async () => {
    const run = await inProcess('', 'vendor', 'add', '--tenant', 'other', '--name', 'Bright Hire', '--kind', 'webhook');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/API address: \(none yet\); API key: \(none\)\./);
  });

  it('refuses wrong usage (64) and refused input (65), naming the problem and adding nothing', async () => {
    const before = await vendorsOf(cli.tenant.tenantId);
    for (const [stdin, args, code, message] of [
      ['', ['vendor', 'add', '--name', 'X', '--kind', 'webhook'], 64, /--tenant is required/],
      ['', ['vendor', 'add', '--tenant', 'acme', '--name', 'X', '--kind', 'email'], 64, /--kind must be assessoncloud or webhook/],
      ['\n', ['vendor', 'add', '--tenant', 'acme', '--name', 'X', '--kind', 'webhook', '--api-key-stdin'], 64, /stdin holds no API key/],
      ['', ['vendor', 'add', '--tenant', 'acme', '--name', 'X', '--kind', 'webhook', '--colour', 'red'], 64, /colour/],
      ['', ['vendor', 'remove', '--tenant', 'acme'], 64, /staffing assessment vendor add/],
      ['', ['vendor', 'add', '--tenant', 'nobody', '--name', 'X', '--kind', 'webhook'], 65, /No tenant named "nobody"/],
      ['', ['vendor', 'add', '--tenant', 'acme', '--name', 'assessoncloud', '--kind', 'webhook'], 65, /already has an assessment vendor named "assessoncloud"/],
      ['', ['vendor', 'add', '--tenant', 'acme', '--name', 'X', '--kind', 'assessoncloud', '--api-url', 'not a url'], 65, /apiUrl: must be an http or https address/],
    ] as const) {
      const run = await inProcess(stdin, ...args);
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    expect(await vendorsOf(cli.tenant.tenantId)).toEqual(before);
  });
});

describe('staffing assessment catalog import', () => {
  it('imports a CSV catalog as a user runs it, then upserts by code on a second import', async () => {
    const vendor = { id: await vendorId('AssessOnCloud') };
    const first = await runStaffing(cli.env, 'assessment', 'catalog', 'import', '--tenant', 'acme', '--vendor', String(vendor.id),
      '--file', file('first.csv', 'code,name,description,durationMinutes\nTYPE,Typing,"Speed, accuracy",5\nXL,Microsoft Excel,,35\n'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(`Catalog of assessment vendor ${vendor.id} "AssessOnCloud": 2 added, 0 updated.`);
    const second = await inProcess('', 'catalog', 'import', '--tenant', 'acme', '--vendor', String(vendor.id),
      '--file', file('second.csv', 'durationMinutes,code,name\n40,XL,Microsoft Excel 365\n10,TENKEY,10-Key\n'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(`Catalog of assessment vendor ${vendor.id} "AssessOnCloud": 1 added, 1 updated.`);
    const rows = await cli.database.db.select({ code: assessments.code, name: assessments.name, description: assessments.description, durationMinutes: assessments.durationMinutes })
      .from(assessments).where(and(eq(assessments.tenantId, cli.tenant.tenantId), eq(assessments.vendorId, vendor.id))).orderBy(asc(assessments.code));
    expect(rows).toEqual([
      { code: 'TENKEY', name: '10-Key', description: null, durationMinutes: 10 },
      { code: 'TYPE', name: 'Typing', description: 'Speed, accuracy', durationMinutes: 5 },
      { code: 'XL', name: 'Microsoft Excel 365', description: null, durationMinutes: 40 },
    ]);
  });

  it('refuses a bad file (65, every problem by row), a missing file (66), another tenant\'s vendor (65) and wrong usage (64)', async () => {
    const vendor = { id: await vendorId('AssessOnCloud') }, theirs = { id: await vendorId('Bright Hire') };
    const good = file('good.csv', 'code,name\nNEW,New Test\n');
    for (const [args, code, message] of [
      [['--vendor', String(vendor.id), '--file', file('bad.csv', 'code,name,durationMinutes\nA,,x\n')], 65, /Row 2: name is required; durationMinutes "x"/],
      [['--vendor', String(vendor.id), '--file', join(folder, 'missing.csv')], 66, /ENOENT/],
      [['--vendor', String(theirs.id), '--file', good], 65, /Assessment vendor \d+ does not exist/],
      [['--vendor', 'first', '--file', good], 64, /--vendor must be a vendor id/],
      [['--vendor', String(vendor.id)], 64, /--file is required/],
    ] as const) {
      const run = await inProcess('', 'catalog', 'import', '--tenant', 'acme', ...args);
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    const codes = await cli.database.db.select({ code: assessments.code }).from(assessments).where(eq(assessments.tenantId, cli.tenant.tenantId));
    expect(codes.map((c) => c.code)).not.toContain('NEW');
  });
});
