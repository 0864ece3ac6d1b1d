// The matching benchmark's data (issue 30 item 5): 100,000 employees with varied, realistic kept
// profiles (BENCH_MATCHING_EMPLOYEES) and 20,000 open job orders (BENCH_MATCHING_ORDERS) in the demo
// tenant, written straight into the database in bulk (the profile API is not the subject; another
// part fills employee_profiles from it). Everything is drawn from the vocabulary's data (families,
// occupations and their typical skills, certifications, languages) by a seeded generator: each run
// writes the same rows. Employees live at postal codes of five metros (the gazetteer's), orders sit
// at worksites in the same metros. `npm run bench -- matching-data` seeds a fresh service's database
// and prints the time; the matching suite (the endpoints, next) calls seedMatchingData in its prepare.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/database.ts';
import { CERTIFICATIONS, LANGUAGES, OCCUPATIONS, SKILLS } from '../src/resources/matching/vocabulary/vocabulary.ts';
import type { Occupation } from '../src/resources/matching/vocabulary/vocabulary.schemas.ts';
import type { EmployeeProfile } from '../src/resources/matching/employee-profile.schema.ts';
import { between, pick, seeded } from './sampling.ts';

export const MATCHING_EMPLOYEES = Number(process.env.BENCH_MATCHING_EMPLOYEES ?? 100_000);
export const MATCHING_ORDERS = Number(process.env.BENCH_MATCHING_ORDERS ?? 20_000);
/** Rows per statement: ~1.5 kB of JSON a profile, so a batch is a few MB. */
const BATCH = 5_000;
/** ZIP prefixes of five metros: Minneapolis, Chicago, Dallas, Atlanta, Phoenix. */
const METROS = ['553', '554', '606', '607', '752', '750', '303', '300', '850', '852'];
const TODAY = new Date(Date.UTC(2026, 10, 27));

const FIRST = ['Maria', 'James', 'Ana', 'Luis', 'Keisha', 'Tom', 'Priya', 'Jorge', 'Emily', 'DeShawn', 'Mai', 'Olga', 'Ahmed', 'Rosa', 'Kevin', 'Fatima', 'Chris', 'Lena', 'Omar', 'Grace'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Lopez', 'Brown', 'Patel', 'Williams', 'Hernandez', 'Kim', 'Davis', 'Martinez', 'Ali', 'Olson', 'Jackson', 'Rossi', 'Khan', 'Miller', 'Silva', 'Berg'];
const EMPLOYERS = ['Acme Logistics', 'Northstar Foods', 'Prairie Health', 'Metro Fulfillment', 'Lakeside Manufacturing', 'Sunbelt Distribution', 'Cedar Care Center',
  'Summit Builders', 'Blue River Hotels', 'Iron Range Fabrication', 'Keystone Staffing', 'Harbor Freight Lines', 'Valley Medical Group', 'Redline Transport'];
const SCHOOLS = ['Central High School', 'Metro Community College', 'State Technical College', 'Lincoln High School', 'City University'];
const SENIOR_WORDS = { junior: 'Junior', senior: 'Senior', lead: 'Lead', supervisor: 'Supervisor' } as const;

const byFamily = new Map<Occupation['family'], Occupation[]>();
for (const o of OCCUPATIONS) byFamily.set(o.family, [...(byFamily.get(o.family) ?? []), o]);
const FAMILIES = [...byFamily.keys()];

type Random = () => number;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthsBefore = (d: Date, months: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
const month = (d: Date) => d.toISOString().slice(0, 7);

/** Some of `list`, each at most once. */
function some<T>(r: Random, list: readonly T[], n: number): T[] {
  const chosen = new Set<T>();
  for (let i = 0; i < n * 3 && chosen.size < Math.min(n, list.length); i++) chosen.add(pick(r, list));
  return [...chosen];
}

/** A person's career: 1-5 jobs, mostly in one family (some switch), newest first, with the skills those jobs use. */
function profileOf(r: Random): { profile: EmployeeProfile; family: Occupation['family'] } {
  const family = pick(r, FAMILIES);
  const jobs: EmployeeProfile['workHistory'] = [];
  const skills = new Set<string>();
  let end = r() < 0.6 ? null : monthsBefore(TODAY, between(r, 1, 18));
  for (let i = 0, n = between(r, 1, 5); i < n; i++) {
    const occupation = pick(r, byFamily.get(r() < 0.8 ? family : pick(r, FAMILIES))!);
    const start = monthsBefore(end ?? TODAY, between(r, 3, 60));
    const seniority = r() < 0.7 ? null : pick(r, ['junior', 'senior', 'lead', 'supervisor'] as const);
    const title = r() < 0.6 ? occupation.title : pick(r, [occupation.title, ...occupation.synonyms.filter((s) => s.length > 3)]);
    jobs.push({ employer: pick(r, EMPLOYERS), title: seniority ? `${SENIOR_WORDS[seniority]} ${title}` : title, occupationId: occupation.id, seniority,
      startDate: month(start), endDate: end && month(end), current: end === null });
    for (const s of some(r, occupation.skills, between(r, 1, occupation.skills.length))) skills.add(s);
    end = monthsBefore(start, between(r, 0, 8));
  }
  const familySkills = SKILLS.filter((s) => s.families.includes(family)).map((s) => s.id);
  for (const s of some(r, familySkills, between(r, 0, 4))) skills.add(s);
  // A tenth are keyword-stuffed: many skills, few of them from their work.
  if (r() < 0.1) for (const s of some(r, SKILLS.map((x) => x.id), 25)) skills.add(s);
  const certifications = some(r, CERTIFICATIONS.filter((c) => c.families.includes(family)), between(r, 0, 2)).map((c) => ({
    id: c.id, number: r() < 0.5 ? String(between(r, 100000, 999999)) : null,
    // Some expired, some current, some without an expiry.
    expires: r() < 0.25 ? null : isoDay(monthsBefore(TODAY, between(r, -36, 12))),
    endorsements: [],
  }));
  const languages = [{ id: 'en', level: 'native' as const }, ...(r() < 0.3 ? [{ id: pick(r, LANGUAGES.map((l) => l.id).filter((id) => id !== 'en')), level: pick(r, ['native', 'fluent', 'conversational'] as const) }] : [])];
  const pay = between(r, 14, 45);
  return {
    family,
    profile: {
      skills: [...skills].map((id, i) => ({ id, stated: i % 5 !== 4 })),
      certifications, languages, workHistory: jobs,
      education: r() < 0.7 ? [{ school: pick(r, SCHOOLS), degree: pick(r, ['High School Diploma', 'GED', 'Associate', 'Certificate']), field: null, graduationYear: between(r, 1985, 2024) }] : [],
      desiredPay: r() < 0.5 ? { amount: pay, maxAmount: r() < 0.5 ? pay + 3 : null, per: 'hour' } : null,
      maxDistanceMiles: r() < 0.4 ? pick(r, [10, 15, 25, 40, 60]) : null,
    },
  };
}

interface Context { tenant: number; branches: { id: number; hierId: number; repId: number }[]; zips: { postalCode: string; municipality: string; region: string }[] }

async function contextOf(db: Db, tenant: number): Promise<Context> {
  const branches = (await db.execute<{ id: number; hierId: number; repId: number }>(sql`select b.id, b.hier_id as "hierId",
      coalesce((select min(s.id) from service_reps s where s.tenant_id = b.tenant_id and s.hier_id = b.hier_id), (select min(id) from service_reps where tenant_id = b.tenant_id)) as "repId"
    from branches b where b.tenant_id = ${tenant} order by b.id`)).rows;
  const zips = (await db.execute<{ postalCode: string; municipality: string; region: string }>(sql`select postal_code as "postalCode", municipality, region
    from postal_codes where country_code = 840 and left(postal_code, 3) = any(${sql.param(METROS)}::text[]) order by postal_code`)).rows;
  if (!branches.length || !zips.length) throw new Error('the demo tenant needs branches and the gazetteer its US postal codes');
  return { tenant, branches, zips };
}

/** Employees and their profiles, BATCH at a time: the employees by one statement, their profiles by another (joined back on externalId). */
async function seedEmployees(db: Db, c: Context, count: number, r: Random) {
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const n = from + k, branch = pick(r, c.branches), zip = pick(r, c.zips), { profile } = profileOf(r);
      const i9 = r() < 0.8;
      return {
        key: `bench-match-${n}`, hier: branch.hierId, branch: branch.id, rep: branch.repId, first: pick(r, FIRST), last: pick(r, LAST),
        active: r() < 0.92, status: pick(r, ['A', 'A', 'A', 'A', 'N', 'I', 'T']), i9, i9expires: i9 && r() < 0.3 ? isoDay(monthsBefore(TODAY, between(r, -24, 6))) : null,
        zip: zip.postalCode, city: zip.municipality, region: zip.region, title: profile.workHistory[0]?.title ?? null,
        profile, skills: profile.skills.map((s) => s.id), certs: profile.certifications.map((x) => x.id),
        occupations: [...new Set(profile.workHistory.flatMap((j) => (j.occupationId ? [j.occupationId] : [])))], languages: profile.languages.map((l) => l.id),
      };
    });
    const json = JSON.stringify(rows);
    await db.execute(sql`insert into employees (tenant_id, hier_id, branch_id, service_rep_id, first_name, last_name, washed_status_id, marital_tax_status_id,
        is_active, employee_status_id, is_i9_on_file, i9_expiration_date, region, municipality, postal_code, country_code, job_title, external_id)
      select ${c.tenant}, x.hier, x.branch, x.rep, x.first, x.last, 1, 1, x.active, x.status, x.i9, x.i9expires::timestamptz, x.region, x.city, x.zip, 840, left(x.title, 50), x.key
      from jsonb_to_recordset(${json}::jsonb) as x(key text, hier int, branch int, rep int, first text, last text, active boolean, status text, i9 boolean,
        i9expires text, region text, city text, zip text, title text)`);
    await db.execute(sql`insert into employee_profiles (tenant_id, employee_id, profile, skill_ids, certification_ids, occupation_ids, language_ids)
      select e.tenant_id, e.id, x.profile, x.skills, x.certs, x.occupations, x.languages
      from jsonb_to_recordset(${json}::jsonb) as x(key text, profile jsonb, skills text[], certs text[], occupations text[], languages text[])
      join employees e on e.tenant_id = ${c.tenant} and e.external_id = x.key`);
  }
}

/** Open orders: a job title per occupation, worksites at the metros' postal codes, titles, skills, certifications and descriptions from the vocabulary. */
async function seedOrders(db: Db, c: Context, count: number, r: Random) {
  const t = c.tenant, root = c.branches[0]!;
  await db.execute(sql`insert into job_titles (tenant_id, hier_id, skill_code, job_title, job_title_category_id, is_public, is_active, division_ident)
    select ${t}, ${root.hierId}, left(md5(o.id), 8), left(o.title, 50), (select min(id) from job_title_categories where tenant_id = ${t}), true, true,
      (select min(id) from divisions where tenant_id = ${t})
    from jsonb_to_recordset(${JSON.stringify(OCCUPATIONS.map((o) => ({ id: o.id, title: o.title })))}::jsonb) as o(id text, title text)`);
  await db.execute(sql`insert into worksites (tenant_id, name, street1, municipality, region, postal_code, country_code, latitude, longitude)
    select ${t}, 'Matching site ' || p.postal_code, '100 Commerce Dr', p.municipality, p.region, p.postal_code, 840, p.latitude, p.longitude
    from postal_codes p where p.country_code = 840 and left(p.postal_code, 3) = any(${sql.param(METROS)}::text[])`);
  const titleIds = new Map((await db.execute<{ id: number; title: string }>(sql`select id, job_title as title from job_titles where tenant_id = ${t}`)).rows.map((x) => [x.title, x.id]));
  const rows = Array.from({ length: count }, () => {
    const occupation = pick(r, OCCUPATIONS), branch = pick(r, c.branches);
    const seniority = r() < 0.8 ? null : pick(r, ['senior', 'lead', 'supervisor'] as const);
    const required = some(r, occupation.skills, between(r, 1, occupation.skills.length));
    const extra = some(r, SKILLS.filter((s) => s.families.includes(occupation.family)).map((s) => s.id), between(r, 0, 3));
    const certs = CERTIFICATIONS.filter((x) => x.families.includes(occupation.family));
    const cert = certs.length && r() < 0.4 ? pick(r, certs).label : null;
    const title = seniority ? `${SENIOR_WORDS[seniority]} ${occupation.title}` : r() < 0.7 ? occupation.title : pick(r, [occupation.title, ...occupation.synonyms.filter((s) => s.length > 3)]);
    const start = new Date(TODAY.getTime() + between(r, -10, 60) * 86_400_000);
    const label = (id: string) => SKILLS.find((s) => s.id === id)?.label ?? id;
    return {
      hier: branch.hierId, branch: branch.id, rep: branch.repId, jt: titleIds.get(occupation.title.slice(0, 50)), title: title.slice(0, 100),
      skills: [...required, ...extra].map(label),
      description: `${title} needed${seniority ? ` (${seniority} level)` : ''}. Requirements: ${required.map(label).join(', ')}${cert ? `; ${cert} required` : ''}.`
        + `${extra.length ? ` Preferred: ${extra.map(label).join(', ')}.` : ''} ${pick(r, ['1st shift', '2nd shift', 'weekends', 'overnight'])}, ${between(r, 1, 5)} years of experience.`,
      pay: between(r, 15, 48) + pick(r, [0, 0.25, 0.5, 0.75]), positions: between(r, 1, 10), start: isoDay(start),
      end: r() < 0.7 ? isoDay(new Date(start.getTime() + between(r, 14, 180) * 86_400_000)) : null, n: between(r, 0, 1_000_000),
    };
  });
  for (let from = 0; from < rows.length; from += BATCH) {
    await db.execute(sql`with w as (select array_agg(id order by id) a from worksites where tenant_id = ${t} and name like 'Matching site %'),
      cu as (select array_agg(id order by id) a from customers where tenant_id = ${t}),
      st as (select min(id) id from job_order_statuses where tenant_id = ${t} and is_job_board_eligible and not is_closed and not is_filled),
      firsts as (select (select min(id) from order_types where tenant_id = ${t}) ot, (select min(id) from job_order_durations where tenant_id = ${t}) dur,
        (select min(id) from sales_teams where tenant_id = ${t}) team, (select min(id) from worker_comp_codes where tenant_id = ${t}) comp)
      insert into job_orders (tenant_id, hier_id, branch_id, customer_id, worksite_id, job_title_id, job_order_type_id, job_order_status_id, job_order_duration_id,
        sales_team_id, worker_comp_code_id, service_rep_id, positions_required, skills, public_job_title, public_job_description, job_description,
        public_job_description_content_type, date_order_taken, pay_rate, pay_frequency, is_active, start_date, estimated_end_date)
      select ${t}, x.hier, x.branch, cu.a[1 + x.n % cardinality(cu.a)], w.a[1 + x.n % cardinality(w.a)], x.jt, firsts.ot, st.id, firsts.dur,
        firsts.team, firsts.comp, x.rep, x.positions, x.skills, x.title, x.description, x.description, 'text/plain', now(), x.pay, 'Weekly', true,
        x.start::timestamptz, x."end"::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows.slice(from, from + BATCH))}::jsonb) as x(hier int, branch int, rep int, jt int, title text, skills text[],
        description text, pay numeric, positions int, start text, "end" text, n int), w, cu, st, firsts`);
  }
}

/** Seeds the tenant (once: an existing `bench-match-` employee means it is done); answers the seconds it took, or null when already seeded. */
export async function seedMatchingData(db: Db, tenant: number, counts = { employees: MATCHING_EMPLOYEES, orders: MATCHING_ORDERS }): Promise<{ employees: number; orders: number; seconds: number } | null> {
  const [done] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from employees where tenant_id = ${tenant} and external_id = 'bench-match-0'`)).rows;
  if (done?.n) return null;
  const started = Date.now();
  const c = await contextOf(db, tenant);
  const r = seeded(30);
  await seedEmployees(db, c, counts.employees, r);
  const employeesAt = Date.now();
  await seedOrders(db, c, counts.orders, r);
  // VACUUM also merges the GIN indexes' pending lists, which a bulk insert leaves long.
  await db.execute(sql`vacuum analyze employees`);
  await db.execute(sql`vacuum analyze employee_profiles`);
  await db.execute(sql`vacuum analyze employee_places`);
  await db.execute(sql`vacuum analyze job_orders`);
  const seconds = (Date.now() - started) / 1000;
  console.log(`  matching data: ${counts.employees.toLocaleString('en')} employees with profiles in ${((employeesAt - started) / 1000).toFixed(1)} s, `
    + `${counts.orders.toLocaleString('en')} open job orders; ${seconds.toFixed(1)} s in all with VACUUM ANALYZE`);
  return { ...counts, seconds };
}

/** `npm run bench -- matching-data`: a fresh service's database, seeded, the time printed and written, then removed. */
export async function runMatchingData() {
  const { rmSync, writeFileSync, mkdirSync } = await import('node:fs');
  const { startService, stop } = await import('./harness.ts');
  const service = await startService();
  try {
    const { startEmbedded } = await import('../src/platform/db/embedded.ts');
    const { openDatabase } = await import('../src/platform/db/database.ts');
    const server = await startEmbedded(service.dataDir);
    const database = openDatabase(server.url.replace(/\/postgres$/, '/staffing'), 2);
    try {
      const [tenant] = (await database.db.execute<{ id: number }>(sql`select id from tenants where name = 'demo'`)).rows;
      if (!tenant) throw new Error('no demo tenant');
      console.log(`seeding ${MATCHING_EMPLOYEES.toLocaleString('en')} employees with profiles and ${MATCHING_ORDERS.toLocaleString('en')} open job orders…`);
      const result = await seedMatchingData(database.db, tenant.id);
      const [sizes] = (await database.db.execute<Record<string, string>>(sql`select pg_size_pretty(pg_total_relation_size('employee_profiles')) as profiles,
        pg_size_pretty(pg_total_relation_size('employee_places')) as places, (select count(*)::int from employee_places where tenant_id = ${tenant.id}) as "placed"`)).rows;
      console.log(`  employee_profiles ${sizes?.profiles}, employee_places ${sizes?.places} (${sizes?.placed} employees placed)`);
      mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
      writeFileSync(new URL('./results/matching-data-latest.json', import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), ...result, sizes }, null, 2)}\n`);
    } finally {
      await database.close();
    }
  } finally {
    await stop(service.child);
    rmSync(service.dataDir, { recursive: true, force: true });
  }
}
