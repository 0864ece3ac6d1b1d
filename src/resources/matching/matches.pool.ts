// The candidate pool of an order (decision 0060): the employees worth scoring, found through the
// places' GiST index (the radius) with the profile's ids beside each point, the hard filters
// (restriction rules, required licences) applied in the statement, and a first ranking by shared
// vocabulary ids so that only POOL_SIZE of them are scored in full. Scoring every employee in range
// would cost each request a read of thousands of profiles; the first ranking keeps every strong
// candidate (an exact occupation, the skills and certifications asked) ahead of those sharing one word.
import { sql, type SQL } from 'drizzle-orm';
import { firstRanking, idList, sharesAny } from './first-ranking.ts';
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';
import type { EmployeeProfile } from './employee-profile.schema.ts';
import type { OrderRequirements } from './matching.contract.ts';
import type { OrderMatchesFilter } from './matches.schemas.ts';
import { CERTIFICATION_BY_ID, OCCUPATION_BY_ID, OCCUPATIONS } from './vocabulary/vocabulary.ts';
import { METRES_PER_MILE } from '../gazetteer/gazetteer.repository.ts';
import { searchArea } from '../job-board/job-board-search.area.ts';

/** Employees scored in full per request, at most. */
export const POOL_SIZE = 400;
/** Employees in range looked up for the hard filters first, best ranked first (orderPool's `firstLook`). */
const FIRST_LOOK = 3 * POOL_SIZE;

export interface PoolEmployee extends Record<string, unknown> {
  employeeId: number;
  firstName: string;
  lastName: string;
  branchId: number;
  employeeStatusId: string;
  profile: EmployeeProfile;
}

/** The order's occupation and the others of its family: a forklift operator is worth scoring for a picker order. */
function occupationsNear(occupationId: string | null): { exact: string[]; family: string[] } {
  const occupation = occupationId ? OCCUPATION_BY_ID.get(occupationId) : undefined;
  if (!occupation) return { exact: [], family: [] };
  return { exact: [occupation.id], family: OCCUPATIONS.filter((o) => o.family === occupation.family).map((o) => o.id) };
}

/**
 * The required certifications that filter (a licence the law asks for: an RN, a CDL, a journeyman's
 * licence): each entry held by one of its ids, expired or not (the scorer reads the expiry and the
 * route drops an expired one). A licence most holders never write down (a driver's licence) does not.
 */
export function requiredLicences(requirements: OrderRequirements): string[][] {
  return requirements.requiredCertifications.filter((entry) => entry.every((id) => {
    const certification = CERTIFICATION_BY_ID.get(id);
    return certification?.kind === 'licence' && !certification.unstated;
  }));
}

const and = (conditions: readonly SQL[]) => sql.join(conditions.map((c) => sql` and ${c}`), sql``);

/**
 * Where the pool is drawn from: for an order with a worksite, the employees' places within the radius
 * (employee_places: the point and the profile's ids in one narrow row, so the radius and the ids are
 * read together and only the employees kept are read in full); for one without, every profile.
 */
function sourceOf(requirements: OrderRequirements): { table: SQL; within: SQL } {
  const { worksite, maxMiles } = requirements;
  if (!worksite || maxMiles === null) return { table: sql`employee_profiles`, within: sql`` };
  const area = searchArea({ ...worksite, radiusMetres: maxMiles * METRES_PER_MILE, unitMetres: METRES_PER_MILE });
  return {
    table: sql`employee_places`,
    within: sql` and x.earth <@ ${area.box}::cube and cube_distance(${area.centre}::cube, x.earth) <= ${area.chord}::float8`,
  };
}

/**
 * The employees to score for an order, best first by the first ranking. `conditions` are the hard
 * filters on `employees` (poolFilter, without its radius: the radius is the pool's own, on the places).
 */
export async function orderPool(scope: DataScope, requirements: OrderRequirements, conditions: readonly SQL[], filter: OrderMatchesFilter, firstLook = FIRST_LOOK): Promise<PoolEmployee[]> {
  const { exact, family } = occupationsNear(requirements.occupationId);
  const skills = [...requirements.requiredSkills, ...requirements.preferredSkills];
  const certifications = [...requirements.requiredCertifications.flat(), ...requirements.preferredCertifications];
  const licences = requiredLicences(requirements).map((entry) => sql`x.certification_ids && ${idList(entry)}`);
  const own = [
    ...(filter.branchId === undefined ? [] : [sql`employees.branch_id = ${filter.branchId}`]),
    ...(filter.employeeStatusId === undefined ? [] : [sql`employees.employee_status_id = ${filter.employeeStatusId}`]),
  ];
  // An order that names nothing the vocabulary knows still has candidates: everyone in range, by id.
  const anything = family.length + skills.length + certifications.length === 0;
  const wanted = { exact, family, skills, certifications };
  const overlap = anything ? sql`true` : sharesAny(wanted);
  const source = sourceOf(requirements);
  // The profiles (wide rows) are read for the kept employees only: the ranking and the hard filters
  // first, over the narrow rows, then POOL_SIZE profiles (a join above the limit). The hard filters
  // look up each employee: only the first FIRST_LOOK by the ranking are looked up, and when fewer than
  // POOL_SIZE of them pass while more were in range, the statement runs again over all of them, so
  // the pool is the same either way.
  const statement = (firstLook: SQL) => scope.sql<PoolEmployee & { total: string }>`
    with near as (
      select x.employee_id, ${firstRanking(wanted)} as first
        from ${source.table} x
       where x.tenant_id = ${TENANT}${source.within} and ${overlap}${and(licences)}),
    ranked as (
      select near.employee_id, near.first, count(*) over () as total from near order by near.first desc, near.employee_id ${firstLook}),
    kept as (
      select employees.id, employees.first_name, employees.last_name, employees.branch_id, employees.employee_status_id, ranked.first, ranked.total
        from ranked
        join employees on employees.tenant_id = ${TENANT} and employees.id = ranked.employee_id
       where employees.hier_id = any(${NODES})${and(conditions)}${and(own)}
       order by ranked.first desc, employees.id
       limit ${POOL_SIZE})
    select kept.id as "employeeId", kept.first_name as "firstName", kept.last_name as "lastName", kept.branch_id as "branchId",
           kept.employee_status_id as "employeeStatusId", p.profile, kept.total
      from kept
      join employee_profiles p on p.tenant_id = ${TENANT} and p.employee_id = kept.id
     order by kept.first desc, kept.id`;
  const first = await statement(sql`limit ${firstLook}`);
  const complete = first.length === POOL_SIZE || (first.length > 0 && Number(first[0]?.total) <= firstLook);
  return (complete ? first : await statement(sql``)).map(({ total: _total, ...employee }) => employee);
}
