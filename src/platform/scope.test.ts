// The scope's door: every statement through it is bound to the caller's tenant and hierarchy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from './db/database.ts';
import { branches } from './db/schema.ts';
import { storedFiles } from './files/file.table.ts';
import { principalOfRep } from './auth/rep-principal.ts';
import { DataScope, NODES, TENANT } from './scope.ts';
import { seedTenant, testDatabase, type TenantFixture } from '../../test/helpers.ts';

let database: Database;
let mine: TenantFixture;
let theirs: TenantFixture;
const scopeOf = async (tenant: TenantFixture, repId: number) => new DataScope(database.db, (await principalOfRep(database.db, tenant.tenantId, repId))!);
const file = (fileName: string) => ({ fileName, contentType: 'text/plain', size: 1, content: Buffer.from('x'), sha256: Buffer.alloc(32) });

beforeAll(async () => {
  database = await testDatabase();
  mine = await seedTenant(database, 'door');
  theirs = await seedTenant(database, 'other-door');
});
afterAll(() => database.close());

describe('the scope is the door', () => {
  it('select reads the caller\'s tenant, and the caller\'s hierarchy where the table has a node', async () => {
    const north = await scopeOf(mine, mine.north.repId);
    const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
    expect(names(await north.select(branches, { name: branches.name }).where())).toEqual(['North Branch']);
    // The whole tenant when asked for by name; never another tenant's.
    expect(names(await north.select(branches, { name: branches.name }, 'tenant').where())).toEqual(['North Branch', 'South Branch']);
    const admin = await scopeOf(mine, mine.adminRepId);
    expect(names(await admin.select(branches, { name: branches.name }).where(eq(branches.id, theirs.north.branchId)))).toEqual([]);
  });

  it('insert sets the tenant; update and delete touch only the caller\'s rows', async () => {
    const me = await scopeOf(mine, mine.adminRepId);
    const them = await scopeOf(theirs, theirs.adminRepId);
    const [own] = await me.insert(storedFiles, file('mine.txt')).returning({ id: storedFiles.id, tenantId: storedFiles.tenantId });
    expect(own!.tenantId).toBe(mine.tenantId);
    expect(await them.update(storedFiles, { fileName: 'taken.txt' }).where(eq(storedFiles.id, own!.id)).returning()).toEqual([]);
    expect(await them.delete(storedFiles).where(eq(storedFiles.id, own!.id)).returning()).toEqual([]);
    expect(await me.select(storedFiles, { fileName: storedFiles.fileName }).where(eq(storedFiles.id, own!.id))).toEqual([{ fileName: 'mine.txt' }]);
  });

  it('sql and named bind the tenant and the nodes, and refuse a statement that does not name the tenant', async () => {
    const north = await scopeOf(mine, mine.north.repId);
    expect(await north.sql<{ name: string }>`select name from branches where tenant_id = ${TENANT} and hier_id = any(${NODES})`).toEqual([{ name: 'North Branch' }]);
    expect(await north.named('scope_test_branches')<{ name: string }>`select name from branches where tenant_id = ${TENANT} and hier_id = any(${NODES}::int[])`).toEqual([{ name: 'North Branch' }]);
    await expect(north.sql`select name from branches`).rejects.toThrow(/names \$\{TENANT\}/);
    await expect(north.named('scope_test_untenanted')`select name from branches`).rejects.toThrow(/names \$\{TENANT\}/);
  });
});
