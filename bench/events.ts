// `npm run bench -- events` (issue 28 item 5): changes written through the API with their history and
// events, and how soon consumers hear of them. On the demo tenant's employees (the service on a fresh
// embedded database, caches off, webhooks allowed to loopback, the in-process worker delivering):
// 1. PATCH /Employees/{id} req/s (random of 20,000 employees, BENCH_EVENTS_EMPLOYEES) against the
//    bare Fastify baseline, with history on and with it off (historyOff: the trigger disabled and the
//    one-statement PATCH's own entries discarded, on this bench's own database), after a warm-up run,
//    on and off alternating (BENCH_EVENTS_PATCH_ROUNDS off runs, 3); target: the ratio drops by at
//    most 10 %.
// 2. At a fixed offered load of 500 changes/s (BENCH_EVENTS_RATE) for BENCH_SECONDS: p50/p99 from the
//    2xx of each PATCH to a long-polling feed consumer's receipt (`GET /Events?wait=10`) and to a
//    local receiver's 2xx of its webhook; targets p99 <= 1 s (feed), <= 2 s (webhook).
// Events are matched to the PATCHes by the value each wrote (chaos-harness.ts, shared with the chaos test).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CACHES_OFF, DURATION, load, measureBare, root, startService, stop, switchPass, type Measured, type Scenario, type Service } from './harness.ts';
import { between, seeded } from './sampling.ts';
import { firstReceipts, markersOfEvents, percentile, sleep, startFeedConsumer, startHookReceiver, type Receipt } from '../test/chaos/chaos-harness.ts';

const RATE = Number(process.env.BENCH_EVENTS_RATE ?? 500);
/** Employees PATCHed (the demo's and generated ones): enough that concurrent PATCHes rarely meet on a row. */
const EMPLOYEES = Number(process.env.BENCH_EVENTS_EMPLOYEES ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Off runs of the PATCH comparison, each followed by an on run (after a first on run). */
const PATCH_ROUNDS = Number(process.env.BENCH_EVENTS_PATCH_ROUNDS ?? 3);
const PREFIX = 'bench-';
const TARGETS = { feedP99: 1000, webhookP99: 2000, ratioDrop: 0.1 };
const PASS = { label: 'caches off, webhooks to loopback', env: { ...CACHES_OFF.env, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } };

/** The PATCH measured: three fields of a random demo employee (core.ts's write, on the demo's employees). */
function patchScenario(ids: readonly number[]): Scenario {
  const random = seeded(4);
  let n = 0;
  return {
    name: 'PATCH /Employees/{id}, three fields', method: 'PATCH', target: 0,
    path: () => `/Employees/${ids[between(random, 0, ids.length - 1)]}`,
    body: () => JSON.stringify([
      { op: 'replace', path: '/MiddleName', value: `M${++n % 1000}` },
      { op: 'replace', path: '/NumericRating', value: n % 5 },
      { op: 'replace', path: '/Note', value: `${PREFIX}${n}` },
    ]),
  };
}

/** The embedded database the service runs on (core.ts reaches it the same way), filled up to EMPLOYEES employees. */
async function databaseOf(service: Service): Promise<{ db: pg.Pool; tenantId: number }> {
  const { startEmbedded } = await import('../src/platform/db/embedded.ts');
  const { openDatabase } = await import('../src/platform/db/database.ts');
  const { generateDemoData } = await import('../src/resources/tenants/demo-data.ts');
  const url = (await startEmbedded(service.dataDir)).url.replace(/\/postgres$/, '/staffing');
  const db = new pg.Pool({ connectionString: url, max: 2 });
  const { rows: [tenant] } = await db.query<{ id: number; employees: number }>(
    `select t.id::int, (select count(*)::int from employees e where e.tenant_id = t.id) as employees from tenants t where t.name = 'demo'`);
  if (!tenant) throw new Error('no demo tenant');
  const more = Math.max(0, EMPLOYEES - tenant.employees);
  console.log(`seeding ${more.toLocaleString('en')} employees…`);
  const database = openDatabase(url, 4);
  try {
    if (more) await generateDemoData(database.db, tenant.id, { employees: more, customers: 0, jobOrders: 0 }, 7);
  } finally {
    await database.close();
  }
  await db.query('analyze employees');
  return { db, tenantId: tenant.id };
}

/** The mean of runs (each figure). */
const mean = (runs: Measured[]): Measured => {
  const of = (k: keyof Measured) => Math.round(runs.reduce((sum, r) => sum + r[k], 0) / runs.length);
  return { requestsPerSecond: of('requestsPerSecond'), p50: of('p50'), p99: of('p99') };
};

const ratio = (service: Measured, bare: Measured) => Math.round((service.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000;

/** Offered load: RATE PATCHes a second for DURATION s, whatever the answers take (open loop); each marker's 2xx time. */
async function offer(service: Service, ids: readonly number[]): Promise<{ acked: Map<string, number>; failed: number; seconds: number }> {
  const acked = new Map<string, number>();
  const random = seeded(9);
  let failed = 0, n = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = RATE * DURATION;
  while (n < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
    for (; n < due; n++) {
      const marker = `${PREFIX}rate-${n}`;
      const id = ids[between(random, 0, ids.length - 1)];
      inFlight.push(fetch(`${service.base}/Employees/${id}`, {
        method: 'PATCH', headers: { ...service.headers, 'content-type': 'application/json-patch+json' },
        body: JSON.stringify([{ op: 'replace', path: '/Note', value: marker }]),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) acked.set(marker, performance.now());
        else failed++;
      }, () => { failed++; }));
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  return { acked, failed, seconds: (performance.now() - started) / 1000 };
}

/** Commit-to-receipt latencies (ms) of the acknowledged changes a consumer received (first receipt of each). */
async function latencies(db: pg.Pool, tenantId: number, receipts: readonly Receipt[], acked: Map<string, number>) {
  const { unique } = firstReceipts(receipts);
  const byEvent = await markersOfEvents(db, tenantId, unique.map((r) => r.event), PREFIX);
  const arrived = new Map<string, number>();
  for (const r of unique) for (const m of byEvent.get(r.event.id) ?? []) if (!arrived.has(m)) arrived.set(m, r.at);
  const values = [...acked].flatMap(([m, at]) => (arrived.has(m) ? [Math.max(0, arrived.get(m)! - at)] : []));
  return { received: values.length, missing: acked.size - values.length, p50: Math.round(percentile(values, 0.5)), p99: Math.round(percentile(values, 0.99)) };
}

/**
 * History off, on this bench's own database: the employees' update trigger disabled, and the rows the
 * one-statement PATCH writes itself discarded before they are stored (a BEFORE INSERT trigger on
 * record_changes answering null). That statement still compares the columns it sets, so "off" keeps
 * that small part of history's cost: the drop measured is, if anything, a little under the true one.
 */
async function historyOff(db: pg.Pool, off: boolean): Promise<void> {
  if (off) {
    await db.query('alter table employees disable trigger record_history_updated');
    await db.query(`create function bench_discard() returns trigger language plpgsql as $$ begin return null; end $$`);
    await db.query('create trigger bench_discard before insert on record_changes for each row execute function bench_discard()');
  } else {
    await db.query('drop trigger if exists bench_discard on record_changes');
    await db.query('drop function if exists bench_discard()');
    await db.query('alter table employees enable trigger record_history_updated');
  }
}

export async function runEventsBench() {
  const service = await startService();
  const receiver = await startHookReceiver();
  let db: pg.Pool | undefined;
  try {
    await switchPass(service, PASS);
    const opened = await databaseOf(service);
    db = opened.db;
    const tenantId = opened.tenantId;
    const ids = (await db.query<{ id: number }>('select id::int from employees where tenant_id = $1 order by id', [tenantId])).rows.map((r) => r.id);
    const { rows: triggers } = await db.query(`select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relname = 'employees' and t.tgname = 'record_history_updated'`);
    const historyInstalled = triggers.length > 0;

    // 1. Throughput: bare, history on, history off.
    console.log(`PATCH throughput on ${ids.length} employees, ${CONNECTIONS} connections…`);
    const bare = await measureBare(patchScenario(ids), ['{}'], CONNECTIONS);
    // A warm-up run first (discarded: a fresh database's first run was 10-30 % slower than its last),
    // then on and off alternating, on at both ends: the runs of each are averaged (drift, warm-up).
    const loadOn = loadavg()[0]!;
    const run = () => load(service.base, patchScenario(ids), service.headers, CONNECTIONS);
    await run();
    const onRuns = [await run()];
    const offRuns: Measured[] = [];
    for (let round = 0; historyInstalled && round < PATCH_ROUNDS; round++) {
      await historyOff(db, true);
      try {
        offRuns.push(await run());
      } finally {
        await historyOff(db, false);
      }
      onRuns.push(await run());
    }
    const off = offRuns.length ? mean(offRuns) : undefined;
    const on = mean(onRuns);

    // 2. Latency at a fixed offered load, to the feed and to a webhook.
    const subscribed = await fetch(`${service.base}/Webhooks`, {
      method: 'POST', headers: { ...service.headers, 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url, eventTypes: ['employee.updated'] }),
    });
    if (!subscribed.ok) throw new Error(`the webhook subscription was refused: ${subscribed.status} ${await subscribed.text()}`);
    const { rows: [last] } = await db.query<{ sequence: string | null }>('select max(sequence)::text as sequence from events where tenant_id = $1', [tenantId]);
    const feed = startFeedConsumer(() => service.base, service.headers, { idleMs: 0, after: Number(last?.sequence ?? 0) });
    console.log(`${RATE} changes/s for ${DURATION} s to the feed and a webhook…`);
    const loadRate = loadavg()[0]!;
    const offered = await offer(service, ids);
    const have = async () => (await latencies(db!, tenantId, feed.receipts, offered.acked)).missing + (await latencies(db!, tenantId, receiver.receipts, offered.acked)).missing;
    for (const until = performance.now() + 60_000; (await have()) > 0 && performance.now() < until;) await sleep(1000);
    await feed.stop();
    const toFeed = await latencies(db, tenantId, feed.receipts, offered.acked);
    const toHook = await latencies(db, tenantId, receiver.receipts, offered.acked);

    const ratioOn = ratio(on, bare), ratioOff = off ? ratio(off, bare) : undefined;
    const drop = ratioOff ? Math.round((1 - ratioOn / ratioOff) * 1000) / 1000 : undefined;
    const result = {
      date: new Date().toISOString(), node: process.version, cores: cpus().length, seconds: DURATION, connections: CONNECTIONS, pass: PASS,
      patch: { bare, historyOn: { ...on, runs: onRuns, ratio: ratioOn, loadAverage1m: loadOn }, historyOff: off ? { ...off, runs: offRuns, ratio: ratioOff } : 'history: not installed', drop },
      rate: { offered: RATE, achieved: Math.round(offered.acked.size / offered.seconds), acknowledged: offered.acked.size, failed: offered.failed, loadAverage1m: loadRate, feed: toFeed, webhook: toHook },
      met: { feed: toFeed.missing === 0 && toFeed.p99 <= TARGETS.feedP99, webhook: toHook.missing === 0 && toHook.p99 <= TARGETS.webhookP99, patch: drop === undefined ? undefined : drop <= TARGETS.ratioDrop },
    };
    const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not judged' : ok ? 'met' : 'NOT met');
    console.log(`\nevents: ${cpus().length} cores, Node ${process.version}, ${PASS.label}`);
    console.log(`PATCH /Employees/{id} (${CONNECTIONS} connections, ${DURATION} s)`);
    console.log(`  bare         ${String(bare.requestsPerSecond).padStart(7)} req/s   p50 ${bare.p50} ms   p99 ${bare.p99} ms`);
    console.log(`  history on   ${String(on.requestsPerSecond).padStart(7)} req/s   p50 ${on.p50} ms   p99 ${on.p99} ms   ratio ${ratioOn}   (mean of ${onRuns.map((r) => r.requestsPerSecond).join(', ')} req/s; load ${loadOn.toFixed(2)})`);
    console.log(off ? `  history off  ${String(off.requestsPerSecond).padStart(7)} req/s   p50 ${off.p50} ms   p99 ${off.p99} ms   ratio ${ratioOff}   (mean of ${offRuns.map((r) => r.requestsPerSecond).join(', ')} req/s)` : '  history: not installed');
    console.log(`  ratio drop with history ${drop === undefined ? '-' : `${(drop * 100).toFixed(1)} %`}; target <= ${TARGETS.ratioDrop * 100} %: ${verdict(result.met.patch)}`);
    console.log(`${RATE} changes/s offered for ${DURATION} s: ${offered.acked.size} acknowledged (${result.rate.achieved}/s), ${offered.failed} failed (load ${loadRate.toFixed(2)})`);
    console.log(`  commit -> feed (wait=10)    p50 ${toFeed.p50} ms   p99 ${toFeed.p99} ms   ${toFeed.missing} not received; target p99 <= ${TARGETS.feedP99} ms: ${verdict(result.met.feed)}`);
    console.log(`  commit -> webhook 2xx       p50 ${toHook.p50} ms   p99 ${toHook.p99} ms   ${toHook.missing} not received; target p99 <= ${TARGETS.webhookP99} ms: ${verdict(result.met.webhook)}\n`);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/events.json'), JSON.stringify(result, null, 2) + '\n');
    return result;
  } finally {
    await db?.end();
    await receiver.close();
    await stop(service.child);
    rmSync(service.dataDir, { recursive: true, force: true });
  }
}
