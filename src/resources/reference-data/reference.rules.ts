// Field rules over the reference data every record may point at: its own messages, and the state
// and province codes tax fields hold.
import { and, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { rule, type Rule } from '../../platform/records/rules.ts';
import { messages } from './reference.table.ts';

/** A message logged on the record itself (what `PrimaryMessageId` may pin). */
export async function isMessageOf(scope: DataScope, originType: string, originId: number, messageId: number): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(messages).where(and(eq(messages.tenantId, scope.tenantId), eq(messages.id, messageId),
    eq(messages.originType, originType), eq(messages.originId, originId)));
  return rows.length > 0;
}

/** `PrimaryMessageId`: one of the record's own messages. */
export function ownMessage(originType: string, what: string): Rule {
  return rule(async (v, { scope, id }) => (await isMessageOf(scope, originType, id!, Number(v))) ? undefined : `is not a message of this ${what}`, { onRecordOnly: true });
}

/** US states, districts and territories (with the military "states"), and Canada's provinces and territories. */
export const REGION_CODES: ReadonlySet<string> = new Set([
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS',
  'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
  'AS', 'GU', 'MP', 'PR', 'VI', 'UM', 'AA', 'AE', 'AP',
  'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
]);

/** A state or province code (any case); '' leaves it unset. */
export const regionCode: Rule = rule((v) => (v === '' || REGION_CODES.has(String(v).toUpperCase()) ? undefined : 'is not a US state or Canadian province code (MN, ON, ...)'));
