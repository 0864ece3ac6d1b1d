// `npm run bench -- order-index` (decision 0061): the open orders' requirements index at 20,000 open
// orders of the demo tenant (BENCH_OPEN_ORDERS), with the job board bench's generated postings as
// their titles, skills and descriptions on 3,000 US worksites. Measures the full refresh (every row
// stale, as after a migration or a bulk import), a refresh with nothing stale (what an employee's
// matches pay before reading), and openOrdersNear around worksites (25 and 100 miles) and without a
// point. The service is stopped before measuring: its background refresh would compute the rows first.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startService, stop } from './harness.ts';
import { generateTexts } from './jobboard-text.ts';

const ORDERS = Number(process.env.BENCH_OPEN_ORDERS ?? 20_000);
const WORKSITES = 3_000;
const READS = 50;

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

export async function runOrderIndexBench() {
  const service = await startService();
  await stop(service.child);
  const { startEmbedded } = await import('../src/platform/db/embedded.ts');
  const { openDatabase } = await import('../src/platform/db/database.ts');
  const { CredentialVerifier } = await import('../src/platform/auth/verifier.ts');
  const { DataScope } = await import('../src/platform/scope.ts');
  const { openOrdersNear, refreshOpenOrderRequirements } = await import('../src/resources/matching/open-order-requirements.repository.ts');
  const { loadOpenOrderFacts } = await import('../src/resources/matching/order-requirements.repository.ts');
  const { NOTHING_STATED, requirementsOf } = await import('../src/resources/matching/order-requirements.ts');
  const server = await startEmbedded(service.dataDir);
  const database = openDatabase(server.url.replace(/\/postgres$/, '/staffing'), 4);
  try {
    const db = database.db;
    const [demo] = (await db.execute<{ tenant: number }>(sql`select id as tenant from tenants where name = 'demo'`)).rows;
    if (!demo) throw new Error('no demo tenant');
    const tenant = demo.tenant;
    console.log(`seeding ${ORDERS.toLocaleString('en')} open job orders…`);
    await db.execute(sql`insert into worksites (tenant_id, name, municipality, region, postal_code, country_code, latitude, longitude)
      select ${tenant}, 'Bench site ' || p.postal_code, p.municipality, p.region, p.postal_code, 840, p.latitude, p.longitude
      from postal_codes p where p.country_code = 840 order by md5(p.postal_code) limit ${WORKSITES}`);
    await db.execute(sql`
      with x as (select (row_number() over () - 1)::int k, t.* from jsonb_to_recordset(${JSON.stringify(generateTexts(200))}::jsonb) as t(title text, description text, skills text[])),
      w as (select array_agg(id order by id) a from worksites where tenant_id = ${tenant} and name like 'Bench site %'),
      b as (select array_agg(id order by id) ids, array_agg(hier_id order by id) hiers from branches where tenant_id = ${tenant}),
      jt as (select array_agg(id order by id) a from job_titles where tenant_id = ${tenant}),
      cu as (select array_agg(id order by id) a from customers where tenant_id = ${tenant}),
      f as (select (select min(id) from order_types where tenant_id = ${tenant}) ot, (select min(id) from job_order_durations where tenant_id = ${tenant}) dur,
                   (select min(id) from sales_teams where tenant_id = ${tenant}) team, (select min(id) from worker_comp_codes where tenant_id = ${tenant}) comp,
                   (select min(id) from service_reps where tenant_id = ${tenant}) rep,
                   (select min(id) from job_order_statuses where tenant_id = ${tenant} and not is_filled and not is_closed) st),
      g as (select i, abs(hashint4(i)::bigint) h from generate_series(0, ${ORDERS - 1}) i)
      insert into job_orders (tenant_id, hier_id, branch_id, customer_id, worksite_id, job_title_id, job_order_type_id, job_order_status_id,
        job_order_duration_id, sales_team_id, worker_comp_code_id, service_rep_id, positions_required, skills, public_job_title, job_description, pay_rate, start_date)
      select ${tenant}, b.hiers[1 + g.h % cardinality(b.ids)], b.ids[1 + g.h % cardinality(b.ids)], cu.a[1 + g.h % cardinality(cu.a)],
        w.a[1 + g.i % cardinality(w.a)], jt.a[1 + g.h % cardinality(jt.a)], f.ot, f.st, f.dur, f.team, f.comp, f.rep, 1,
        x.skills, x.title, x.description, 15 + g.h % 18, date '2026-12-01' + (g.h % 60)::int
      from g join x on x.k = g.i % (select count(*) from x), w, b, jt, cu, f`);
    await db.execute(sql`vacuum analyze`);
    const [counts] = (await db.execute<{ open: number; stale: number }>(sql`select count(*)::int as open, count(*) filter (where stale)::int as stale
      from open_order_requirements where tenant_id = ${tenant}`)).rows;
    console.log(`  ${counts!.open.toLocaleString('en')} open orders indexed, ${counts!.stale.toLocaleString('en')} stale`);

    let started = process.hrtime.bigint();
    const { refreshed } = await refreshOpenOrderRequirements(db, 1_000_000);
    const full = ms(started);
    console.log(`full refresh: ${refreshed.toLocaleString('en')} rows in ${(full / 1000).toFixed(2)} s (${((full * 1000) / refreshed).toFixed(0)} µs a row)`);
    await db.execute(sql`vacuum analyze open_order_requirements`);
    const credentials = JSON.parse(readFileSync(join(service.dataDir, 'demo-credentials.json'), 'utf8'));
    const verified = await new CredentialVerifier(database, 0).verify(String(credentials.accountSid), String(credentials.authToken));
    if (!verified.ok) throw new Error(verified.detail);
    const scope = new DataScope(db, verified.principal);

    // Where the refresh's time goes: the facts read in one statement, and requirementsOf alone.
    started = process.hrtime.bigint();
    const loaded = await loadOpenOrderFacts(scope);
    const read = ms(started);
    started = process.hrtime.bigint();
    for (const order of loaded) requirementsOf(order.facts, order.stated ?? NOTHING_STATED);
    const computing = ms(started);
    console.log(`  of which: the ${loaded.length.toLocaleString('en')} orders' facts in one statement ${read.toFixed(0)} ms; requirementsOf alone ${computing.toFixed(0)} ms (${((computing * 1000) / loaded.length).toFixed(0)} µs an order)`);
    // The floor of a read of every order: their requirements alone, through the driver.
    started = process.hrtime.bigint();
    await db.execute(sql`select requirements from open_order_requirements where tenant_id = ${tenant}`);
    console.log(`  every open order's stored requirements read alone: ${ms(started).toFixed(0)} ms`);
    const idle: number[] = [];
    for (let i = 0; i < READS; i++) { started = process.hrtime.bigint(); await refreshOpenOrderRequirements(scope, 5_000); idle.push(ms(started)); }
    console.log(`refresh with nothing stale (before each read): p50 ${quantile(idle, 0.5).toFixed(2)} ms, p99 ${quantile(idle, 0.99).toFixed(2)} ms`);

    const centres = (await db.execute<{ latitude: number; longitude: number }>(sql`select latitude, longitude from worksites
      where tenant_id = ${tenant} and name like 'Bench site %' order by md5(name) limit ${READS}`)).rows;
    for (const miles of [25, 100, null]) {
      const times: number[] = [], sizes: number[] = [];
      for (const centre of centres) {
        started = process.hrtime.bigint();
        const orders = await openOrdersNear(scope, miles === null ? null : centre, miles ?? 25);
        times.push(ms(started));
        sizes.push(orders.length);
      }
      console.log(`openOrdersNear ${miles === null ? 'without a point' : `within ${miles} miles`}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms; orders answered: median ${quantile(sizes, 0.5)}, most ${quantile(sizes, 1)}`);
    }
  } finally {
    await database.close();
    await server.stop();
    rmSync(service.dataDir, { recursive: true, force: true });
  }
}
