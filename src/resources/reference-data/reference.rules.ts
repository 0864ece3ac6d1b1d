// Field rules over the reference data records point at: the state and province codes tax fields
// hold. (A record's own messages are the messages folder's rule, `ownMessage`.)
import { rule, type Rule } from '../../platform/records/rules.ts';

/** US states, districts and territories (with the military "states"), and Canada's provinces and territories. */
export const REGION_CODES: ReadonlySet<string> = new Set([
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS',
  'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
  'AS', 'GU', 'MP', 'PR', 'VI', 'UM', 'AA', 'AE', 'AP',
  'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
]);

/** A state or province code (any case); '' leaves it unset. */
export const regionCode: Rule = rule((v) => (v === '' || REGION_CODES.has(String(v).toUpperCase()) ? undefined : 'is not a US state or Canadian province code (MN, ON, ...)'));
