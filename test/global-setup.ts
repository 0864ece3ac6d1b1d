// One PostgreSQL server per test run: the embedded one in a temporary folder, or the server in
// TEST_DATABASE_URL (CI runs the suite a second time against Debian's PostgreSQL that way). A
// migrated template database is made once; each test file clones its own database from it.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded, type EmbeddedServer } from '../src/platform/db/embedded.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { prepareDatabase } from '../src/resources/registry.ts';

declare module 'vitest' {
  export interface ProvidedContext { pgAdminUrl: string; templateDb: string; runId: string }
}

let server: EmbeddedServer | undefined;
let dir: string | undefined;
let adminUrl: string;
let templateDb: string;
const runId = String(process.pid);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'staffing-test-'));
    chmodSync(dir, 0o755);
    server = await startEmbedded(dir);
    adminUrl = server.url;
  }
  templateDb = `staffing_template_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDb}`);
  await admin.query(`create database ${templateDb}`);
  await admin.end();
  const database = openDatabase(withDatabase(adminUrl, templateDb), 2);
  await prepareDatabase(database.pool);
  await database.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);
}

export async function teardown() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1) or datname = $2`, [`staffing_test_${runId}_`, templateDb]);
  for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  await admin.end();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
