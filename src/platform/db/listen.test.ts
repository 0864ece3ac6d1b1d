// A LISTEN connection is named in pg_stat_activity, so an operator tells it (idle by design) from
// the pool's connections ('staffing').
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../../test/helpers.ts';
import type { Database } from './database.ts';
import { listen } from './listen.ts';

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(async () => { await database?.close(); });

const sessions = async () => (await database.db.execute<{ name: string; query: string }>(sql`
  select application_name as name, query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows;

it('shows its connection as "staffing listen" in pg_stat_activity while it listens, and not once it is closed', async () => {
  const listener = await listen(database, ['staffing_listen_test'], () => {});
  try {
    expect(await sessions()).toContainEqual({ name: 'staffing listen', query: 'LISTEN staffing_listen_test' });
  } finally {
    await listener.close();
  }
  // The server ends the session just after the client closes it.
  for (let i = 0; i < 100 && (await sessions()).some((s) => s.name === 'staffing listen'); i++) await new Promise((r) => setTimeout(r, 20));
  expect((await sessions()).map((s) => s.name)).not.toContain('staffing listen');
});
