// The first ranking of a pair, before its full score (decision 0060): 4 for the exact occupation, 1
// for another of its family, 1 per shared skill, 2 per shared certification. Read from the id lists
// kept beside a row (employee_places for an order's pool, open_order_requirements for an employee's
// orders), so both directions keep their best candidates the same way. Each shared id is one
// containment test: an array intersection per row (a hashed set operation) cost several times more
// (measured, docs/benchmarks.md "The matches").
import { sql, type SQL } from 'drizzle-orm';

/** A text[] parameter of distinct ids. */
export const idList = (values: readonly string[]) => sql`${sql.param([...new Set(values)])}::text[]`;

/** What the other side asks for, or holds. */
export interface RankedIds { exact: readonly string[]; family: readonly string[]; skills: readonly string[]; certifications: readonly string[] }

/** How many of `values` the list `column` holds. */
function heldOf(column: SQL, values: readonly string[]): SQL {
  if (!values.length) return sql`0`;
  return sql`(${sql.join([...new Set(values)].map((id) => sql`(${column} @> ${idList([id])})::int`), sql` + `)})`;
}

/** The ranking of a row whose id lists are `x.occupation_ids`, `x.skill_ids` and `x.certification_ids`. */
export function firstRanking(wanted: RankedIds): SQL {
  return sql`(case when x.occupation_ids && ${idList(wanted.exact)} then 4 when x.occupation_ids && ${idList(wanted.family)} then 1 else 0 end
    + ${heldOf(sql`x.skill_ids`, wanted.skills)} + 2 * ${heldOf(sql`x.certification_ids`, wanted.certifications)})`;
}

/** The row shares at least one id with `wanted`: an occupation (of the exact ones or their family), a skill or a certification. */
export function sharesAny({ exact, family, skills, certifications }: RankedIds): SQL {
  return sql`(x.occupation_ids && ${idList([...exact, ...family])} or x.skill_ids && ${idList(skills)} or x.certification_ids && ${idList(certifications)})`;
}
