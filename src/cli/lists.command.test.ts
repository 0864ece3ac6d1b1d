// `staffing lists add|deactivate` (decision 0028) against this test file's database: once as a user
// runs it (a child process), the rest in process (each child process costs seconds).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { commandDatabaseForFile, inProcess as runInProcess, staffing } from '../../test/cli.ts';
import { databaseDescription } from '../platform/db/connect.ts';
import { burdenTypes, purchaseOrders, taxJurisdictions } from '../resources/reference-data/reference.table.ts';
import { seedCustomer } from '../resources/assignments/assignment.fixtures.ts';
import { listsCommand } from './lists.command.ts';

const cli = commandDatabaseForFile();

const inProcess = (...args: string[]) => runInProcess(listsCommand, cli.config, args);
const burdenType = async (name: string) => (await cli.database.db.select().from(burdenTypes).where(and(eq(burdenTypes.tenantId, cli.tenant.tenantId), eq(burdenTypes.name, name))))[0];

describe('staffing lists', () => {
  it('issue 10: add puts an entry on the tenant\'s list; deactivate keeps it but inactive; add again activates it', async () => {
    const run = await staffing(cli.env, 'lists', 'add', '--tenant', 'acme', '--list', 'BurdenTypes', '--name', 'Hazard pay');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^BurdenTypes \d+ "Hazard pay" added\./);
    expect(await burdenType('Hazard pay')).toMatchObject({ isActive: true });

    const deactivated = await inProcess('deactivate', '--tenant', 'acme', '--list', 'BurdenTypes', '--name', 'hazard PAY');
    expect(deactivated.code, deactivated.stderr).toBe(0);
    expect(await burdenType('Hazard pay')).toMatchObject({ isActive: false });
    const again = await inProcess('add', '--tenant', 'acme', '--list', 'BurdenTypes', '--name', 'Hazard pay');
    expect(again.stdout).toMatch(/is active again/);
    expect(await burdenType('Hazard pay')).toMatchObject({ isActive: true });

    const twice = await inProcess('add', '--tenant', 'acme', '--list', 'BurdenTypes', '--name', 'HAZARD PAY');
    expect(twice.code).toBe(65);
    expect(twice.stderr).toMatch(/BurdenTypes already holds "HAZARD PAY"/);
  });

  it('issue 10: tax jurisdictions take --kind; purchase orders --customer, a customer of the tenant', async () => {
    expect((await inProcess('add', '--tenant', 'acme', '--list', 'TaxJurisdictions', '--kind', 'county', '--name', 'Ramsey County, MN')).code).toBe(0);
    const [county] = await cli.database.db.select().from(taxJurisdictions).where(and(eq(taxJurisdictions.tenantId, cli.tenant.tenantId), eq(taxJurisdictions.name, 'Ramsey County, MN')));
    expect(county).toMatchObject({ kind: 'county', isActive: true });
    expect((await inProcess('add', '--tenant', 'acme', '--list', 'TaxJurisdictions', '--name', 'Nowhere')).stderr).toMatch(/needs --kind schoolDistrict\|municipality\|county\|region/);

    const customerId = await seedCustomer(cli.database.db, { tenantId: cli.tenant.tenantId, ...cli.tenant.north });
    expect((await inProcess('add', '--tenant', 'acme', '--list', 'PurchaseOrders', '--customer', String(customerId), '--name', 'PO-1')).code).toBe(0);
    const [order] = await cli.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenantId, cli.tenant.tenantId));
    expect(order).toMatchObject({ customerId, name: 'PO-1', isActive: true });
    const otherTenants = await inProcess('add', '--tenant', 'other', '--list', 'PurchaseOrders', '--customer', String(customerId), '--name', 'PO-1');
    expect(otherTenants.code).toBe(65);
    expect(otherTenants.stderr).toMatch(`The tenant has no customer ${customerId}.`);
  });

  it('refusals: an unknown tenant, list or name exits 65; a missing flag or action exits 64 with the usage', async () => {
    // It says which database it searched: a command run against another DATA_DIR or DATABASE_URL finds no tenant there.
    expect(await inProcess('add', '--tenant', 'nobody', '--list', 'BurdenTypes', '--name', 'x'))
      .toMatchObject({ code: 65, stderr: `No tenant named "nobody" in ${databaseDescription(cli.config)}.` });
    const unknownList = await inProcess('add', '--tenant', 'acme', '--list', 'Colours', '--name', 'Red');
    expect(unknownList.code).toBe(65);
    expect(unknownList.stderr).toMatch(/No list named "Colours"\. Lists: BurdenTypes, .*TaxJurisdictions, PurchaseOrders\./);
    expect((await inProcess('deactivate', '--tenant', 'acme', '--list', 'Divisions', '--name', 'Nope')).stderr).toBe('Divisions holds no "Nope".');
    expect((await inProcess('add', '--tenant', 'acme', '--list', 'Divisions')).code).toBe(64);
    expect((await inProcess('add', '--tenant', 'acme', '--list', 'PurchaseOrders', '--customer', 'x1', '--name', 'PO')).code).toBe(64);
    // Past Number.MAX_SAFE_INTEGER an id would be rounded to another: refused as usage, not looked up.
    expect((await inProcess('add', '--tenant', 'acme', '--list', 'PurchaseOrders', '--customer', '9999999999999999', '--name', 'PO')).code).toBe(64);
    const usage = await inProcess('remove');
    expect(usage.code).toBe(64);
    expect(usage.stderr).toMatch(/staffing lists add --tenant[\s\S]*staffing lists deactivate --tenant/);
  });
});
