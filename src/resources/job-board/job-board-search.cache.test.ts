// The job board settings the search reads: kept per process while the listener is live, whatever
// the answers' time limit (0 included: the benchmark's caches-off pass), and dropped when the
// tenant's settings change in any process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase, type TenantFixture } from '../../../test/helpers.ts';
import type { Database } from '../../platform/db/database.ts';
import { readJobBoardSettings, writeJobBoardSettings } from '../reference-data/job-board.settings.ts';
import { JobBoardSearchCache } from './job-board-search.cache.ts';

let database: Database;
let tenant: TenantFixture;
beforeAll(async () => {
  ({ database, tenant } = await seededDatabase());
});
afterAll(() => database.close());

/** The settings through the cache, counting the reads that reach the database. */
function counted(cache: JobBoardSearchCache) {
  let reads = 0;
  const settings = () => cache.settings(tenant.tenantId, () => { reads++; return readJobBoardSettings(database.db, tenant.tenantId); });
  return { settings, reads: () => reads };
}

describe('job board settings in the search cache', () => {
  it('are read on every search while nothing listens (a change could not be heard)', async () => {
    const cache = new JobBoardSearchCache(100, 0);
    const { settings, reads } = counted(cache);
    await settings();
    await settings();
    expect(reads()).toBe(2);
  });

  it('are read once while the listener is live, with the answer cache off, and again after the tenant changes them', async () => {
    const cache = new JobBoardSearchCache(100, 0);
    await cache.listen(database);
    try {
      expect(cache.enabled).toBe(false); // answers are not kept with a time limit of 0
      const { settings, reads } = counted(cache);
      expect((await settings()).hideWorksite).toBe(false);
      await settings();
      expect(reads()).toBe(1);

      await writeJobBoardSettings(database.db, tenant.tenantId, { hideWorksite: true });
      let seen = false;
      for (let i = 0; i < 100 && !seen; i++) {
        seen = (await settings()).hideWorksite;
        if (!seen) await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe(true);
    } finally {
      await cache.close();
    }
  });
});
