// `npm run eval -- matching`: the service on a fresh embedded database; the set's resumes through
// POST /Employees/Resume (the parser makes each employee), its orders through /Customers, their
// worksites, /Administration/JobTitles and /JobOrders; then each order's candidates ranked by
//   (a) BM25: the order's title and description against the text the service's own extractor takes
//       from each resume file, among the employees the service placed within the order's radius;
//   (b) the service: GET /JobOrders/{id}/matches?take=25, when it exists (a 404 says it does not).
// nDCG@10, nDCG@25 and MAP@25 against grades.tsv, overall and per family, printed and written to
// eval/results/matching.json. Decision 0055.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService, stop, type Service } from '../bench/harness.ts';
import { usPostalCodes } from '../src/resources/gazetteer/gazetteer.load.ts';
import { parseResumeBytes } from '../src/resources/resumes/resume.parser.ts';
import { docxFile, pdfFile } from '../src/resources/resumes/resume.fixtures.ts';
import { Bm25 } from './bm25.ts';
import { averagePrecision, mean, ndcg } from './metrics.ts';
import { CERT_NAMES, type Cert } from './matching/occupations.ts';
import { DEFAULT_MAX_MILES, milesBetween, readGrades, readOrders, readResumes, resumeText, type EvalOrder, type EvalResume, type LatLon } from './matching/set.ts';

const root = new URL('..', import.meta.url).pathname;
const TAKE = 25;
const CUTS = { ndcg10: 10, ndcg25: 25, map25: 25 } as const;
type Metric = keyof typeof CUTS;

interface Loaded { resume: EvalResume; employeeId: number; text: string; place: LatLon | undefined; postalCode: string | null; namedByHeader: boolean }

async function api<T>(service: Service, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(service.base + path, {
    method, headers: { ...service.headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const answer: T = await response.json();
  return answer;
}

/** The file the service is given: the text, or a DOCX / PDF built from it (the repository keeps text only). */
export interface ResumeFile { bytes: Buffer; name: string; type: string }
export async function fileOf(resume: EvalResume): Promise<ResumeFile> {
  const text = resumeText(resume);
  const lines = text.trimEnd().split('\n');
  switch (resume.format) {
    case 'txt': return { bytes: Buffer.from(text, 'utf8'), name: `${resume.id}.txt`, type: 'text/plain' };
    case 'docx': return { bytes: await docxFile({ header: lines.slice(0, 3), pages: [lines.slice(3)] }), name: `${resume.id}.docx`, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    // A PDF places text, it has no tab characters (and WinAnsi cannot encode one).
    case 'pdf': return { bytes: await pdfFile([lines.map((l) => l.replace(/\t/g, '    '))]), name: `${resume.id}.pdf`, type: 'application/pdf' };
  }
}

async function upload(service: Service, file: ResumeFile, names?: { first: string; last: string }): Promise<Response> {
  const form = new FormData();
  form.append('resume', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fetch(`${service.base}/Employees/Resume`, { method: 'POST', body: form, headers: { ...service.headers, ...(names ? { FirstName: names.first, LastName: names.last } : {}) } });
}

/**
 * One resume through POST /Employees/Resume. When the parser finds no name, the upload is repeated
 * with the FirstName/LastName headers (as a recruiter would type them) and counted: the employee and
 * its address still come from the parser.
 */
async function loadResume(service: Service, resume: EvalResume, file: ResumeFile, places: Map<string, LatLon>): Promise<Loaded> {
  let response = await upload(service, file);
  let namedByHeader = false;
  if (response.status === 400) {
    const [first = 'Unknown', ...rest] = resumeText(resume).split('\n')[0]!.trim().split(/\s+/);
    namedByHeader = true;
    response = await upload(service, file, { first, last: rest.join(' ') || 'Unknown' });
  }
  if (response.status !== 201) throw new Error(`resume ${resume.id}: ${response.status} ${await response.text()}`);
  const { employeeId }: { employeeId: number } = await response.json();
  const employee = await api<{ postalCode: string | null }>(service, 'GET', `/Employees/${employeeId}`);
  const text = (await parseResumeBytes(file.bytes)).text;
  const postalCode = employee.postalCode?.slice(0, 5) ?? null;
  return { resume, employeeId, text, place: postalCode ? places.get(postalCode) : undefined, postalCode, namedByHeader };
}

/** Runs fn over items, `width` at a time, keeping the order. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...await Promise.all(items.slice(i, i + width).map(fn)));
  return out;
}

const isCert = (key: string): key is Cert => key in CERT_NAMES;

/** The description as the order states it: the agency's text, then its requirements (no field holds them yet). */
export function orderText(order: EvalOrder): string {
  const cert = (key: string) => key.split('|').filter(isCert).map((c) => CERT_NAMES[c].en.replace('{state}', order.worksite.region).replace(/^, | ,/, '')).join(' or ');
  const lines = [order.description];
  const required = [...order.requiredSkills, ...order.requiredCertifications.map(cert)];
  const preferred = [...order.preferredSkills, ...order.preferredCertifications.map(cert)];
  if (required.length) lines.push(`Required: ${required.join(', ')}.`);
  if (preferred.length) lines.push(`Preferred: ${preferred.join(', ')}.`);
  return lines.join('\n');
}

interface Reference { branches: Map<string, number>; orderTypes: Map<string, number>; categories: Map<string, number>; hierId: number }

async function reference(service: Service): Promise<Reference> {
  const branches = await api<{ data: { branchId: number; branchName: string }[] }>(service, 'GET', '/Datalists/Branches');
  const types = await api<{ data: { orderTypeId: number; orderType: string }[] }>(service, 'GET', '/Datalists/OrderTypes');
  const titles = await api<{ data: { jobTitleCategoryId: number; category: string; hierId: number }[] }>(service, 'GET', '/Administration/JobTitles?take=100');
  return {
    branches: new Map(branches.data.map((b) => [b.branchName, b.branchId])),
    orderTypes: new Map(types.data.map((t) => [t.orderType, t.orderTypeId])),
    categories: new Map(titles.data.map((t) => [t.category, t.jobTitleCategoryId])),
    hierId: titles.data[0]!.hierId,
  };
}

const CATEGORY: Record<EvalOrder['family'], string[]> = {
  warehouse: ['Light Industrial'], healthcare: ['Healthcare', 'Medical'], clerical: ['Administrative'], callcenter: ['Customer Service', 'Administrative'],
  driver: ['Transportation', 'Light Industrial'], trades: ['Skilled Trades', 'Construction', 'Light Industrial'], hospitality: ['Hospitality'], accounting: ['Accounting & Finance'],
};

/** Customer, worksite, job title and order through the API; the order's id. */
async function loadOrder(service: Service, ref: Reference, order: EvalOrder): Promise<number> {
  const branchId = ref.branches.get(order.worksite.region === 'MN' ? 'Minneapolis' : 'Austin') ?? [...ref.branches.values()][0]!;
  const at = { municipality: order.worksite.municipality, region: order.worksite.region, postalCode: order.worksite.postalCode, countryCode: 840 };
  const { customerId } = await api<{ customerId: number }>(service, 'POST', '/Customers', { customerName: order.customer, departmentName: order.family, branchId, street1: order.worksite.street1, ...at });
  const { worksiteId } = await api<{ worksiteId: number }>(service, 'POST', `/Customers/${customerId}/worksites`, { name: order.worksite.name, street1: order.worksite.street1, ...at });
  const category = CATEGORY[order.family].map((c) => ref.categories.get(c)).find((id) => id !== undefined) ?? [...ref.categories.values()][0]!;
  const { jobTitleId } = await api<{ jobTitleId: number }>(service, 'POST', '/Administration/JobTitles', { skillCode: `EV${order.id}`, jobTitle: order.title, jobTitleCategoryId: category, hierId: ref.hierId });
  const { jobOrderId } = await api<{ jobOrderId: number }>(service, 'POST', '/JobOrders', {
    customerId, jobTitleId, branchId, worksiteId, jobOrderTypeId: ref.orderTypes.get(order.orderType) ?? [...ref.orderTypes.values()][0]!, positionsRequired: 2,
    jobDescription: orderText(order), payRate: order.payRate, startTime: order.shift.start, endTime: order.shift.end, notes: `Shift: ${order.shift.label}`,
    startDate: `${order.startDate}T00:00:00Z`, ...(order.endDate ? { estimatedEndDate: `${order.endDate}T00:00:00Z` } : {}),
  });
  return jobOrderId;
}

/**
 * The first 25 by BM25 among the loaded employees within the order's radius (or not placed); with
 * radius Infinity, among all of them (reported beside it: what the distance filter itself is worth).
 */
function bm25Ranking(index: Bm25<number>, order: EvalOrder, worksite: LatLon, loaded: Loaded[], radius = order.maxMiles ?? DEFAULT_MAX_MILES): number[] {
  const scores = index.score(`${order.title}\n${orderText(order)}`);
  return loaded
    .filter((l) => !l.place || milesBetween(l.place, worksite) <= radius)
    .map((l) => ({ id: l.employeeId, score: scores.get(l.employeeId) ?? 0 }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, TAKE)
    .map((s) => s.id);
}

/** The service's ranking, or why there is none. */
async function serviceRanking(service: Service, jobOrderId: number): Promise<{ ids: number[] } | { unavailable: string }> {
  const response = await fetch(`${service.base}/JobOrders/${jobOrderId}/matches?take=${TAKE}`, { headers: service.headers });
  if (!response.ok) return { unavailable: `GET /JobOrders/{id}/matches answers ${response.status}${response.status === 404 ? ' (the endpoint does not exist yet)' : ''}` };
  const body: { data?: { employeeId?: number }[] } = await response.json();
  return { ids: (body.data ?? []).map((m) => m.employeeId).filter((id): id is number => typeof id === 'number') };
}

type Scores = Record<Metric, number | null>;
function score(ranking: number[], gradeOf: (employeeId: number) => number, judged: number[]): Scores {
  const grades = ranking.map(gradeOf);
  return { ndcg10: ndcg(grades, judged, CUTS.ndcg10), ndcg25: ndcg(grades, judged, CUTS.ndcg25), map25: averagePrecision(grades, judged, CUTS.map25) };
}
function summarise(rows: { family: string; scores: Scores }[]): Record<string, Scores & { orders: number }> {
  const groups = new Map<string, Scores[]>([['all', rows.map((r) => r.scores)]]);
  for (const r of rows) groups.set(r.family, [...(groups.get(r.family) ?? []), r.scores]);
  return Object.fromEntries([...groups].map(([name, s]) => [name, {
    orders: s.length, ndcg10: mean(s.map((x) => x.ndcg10)), ndcg25: mean(s.map((x) => x.ndcg25)), map25: mean(s.map((x) => x.map25)),
  }]));
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '   -  ' : v.toFixed(3).padStart(6));

export async function runMatchingEval(): Promise<void> {
  const started = Date.now();
  const orders = readOrders(), resumes = readResumes(), grades = readGrades();
  const places = new Map<string, LatLon>(usPostalCodes().map((p) => [p.postalCode, p]));
  // The files first: a resume that cannot be built fails before the service starts.
  const files = await Promise.all(resumes.map(fileOf));
  console.log(`matching: ${orders.length} orders, ${resumes.length} resumes; starting the service on a fresh embedded database`);
  const service = await startService();
  try {
    const ref = await reference(service);
    const orderIds = new Map<string, number>();
    for (const order of orders) orderIds.set(order.id, await loadOrder(service, ref, order));
    const loaded = await inBatches(resumes.map((r, i) => ({ r, file: files[i]! })), 4, ({ r, file }) => loadResume(service, r, file, places));
    const unplaced = loaded.filter((l) => !l.place);
    console.log(`  ${loaded.length} employees from resumes (${loaded.filter((l) => l.namedByHeader).length} needed the name headers; ${unplaced.length} without a postal code the gazetteer knows: ${unplaced.map((l) => l.resume.id).join(' ') || 'none'})`);
    const index = new Bm25(loaded.map((l): [number, string] => [l.employeeId, l.text]));
    const resumeOf = new Map(loaded.map((l) => [l.employeeId, l.resume.id]));

    const perOrder: { order: string; family: string; jobOrderId: number; relevant: number; bm25: Scores; bm25NoDistance: Scores; service: Scores | null; bm25Top: string[] }[] = [];
    let unavailable: string | undefined;
    for (const order of orders) {
      const graded = grades.get(order.id) ?? new Map<string, number>();
      // Ungraded pairs, and employees not from the set, are 0 (README.md).
      const gradeOf = (employeeId: number) => graded.get(resumeOf.get(employeeId) ?? '') ?? 0;
      const judged = [...graded.values()];
      const jobOrderId = orderIds.get(order.id)!;
      const worksite = places.get(order.worksite.postalCode)!;
      const bm25 = bm25Ranking(index, order, worksite, loaded);
      const fromService = await serviceRanking(service, jobOrderId);
      if ('unavailable' in fromService) unavailable = fromService.unavailable;
      perOrder.push({
        order: order.id, family: order.family, jobOrderId, relevant: judged.filter((g) => g >= 2).length,
        bm25: score(bm25, gradeOf, judged), bm25NoDistance: score(bm25Ranking(index, order, worksite, loaded, Infinity), gradeOf, judged), service: 'ids' in fromService ? score(fromService.ids, gradeOf, judged) : null,
        bm25Top: bm25.slice(0, 10).map((id) => `${resumeOf.get(id)}:${gradeOf(id)}`),
      });
    }
    const bm25Summary = summarise(perOrder.map((r) => ({ family: r.family, scores: r.bm25 })));
    const noDistance = summarise(perOrder.map((r) => ({ family: r.family, scores: r.bm25NoDistance })));
    const serviceSummary = unavailable ? null : summarise(perOrder.flatMap((r) => (r.service ? [{ family: r.family, scores: r.service }] : [])));

    console.log(`\n  ${'family'.padEnd(12)} orders   BM25 nDCG@10 nDCG@25 MAP@25 | service nDCG@10 nDCG@25 MAP@25`);
    for (const [name, s] of Object.entries(bm25Summary)) {
      const v = serviceSummary?.[name];
      console.log(`  ${name.padEnd(12)} ${String(s.orders).padStart(6)}        ${fmt(s.ndcg10)}  ${fmt(s.ndcg25)} ${fmt(s.map25)} |         ${fmt(v?.ndcg10)}  ${fmt(v?.ndcg25)} ${fmt(v?.map25)}`);
    }
    const all = noDistance.all!;
    console.log(`  BM25 without the distance filter, all orders: nDCG@10 ${fmt(all.ndcg10).trim()}, nDCG@25 ${fmt(all.ndcg25).trim()}, MAP@25 ${fmt(all.map25).trim()}`);
    if (unavailable) console.log(`\n  The service's ranking is not available: ${unavailable}. BM25 alone is reported; no service figures.`);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`  (${seconds} s)`);
    const out = join(root, 'eval', 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'matching.json'), `${JSON.stringify({
      when: new Date().toISOString(), orders: orders.length, resumes: resumes.length, take: TAKE, defaultMaxMiles: DEFAULT_MAX_MILES, seconds,
      employeesWithoutPlace: unplaced.map((l) => l.resume.id), namedByHeader: loaded.filter((l) => l.namedByHeader).map((l) => l.resume.id),
      bm25: bm25Summary, bm25WithoutDistanceFilter: noDistance, service: serviceSummary ?? { unavailable }, perOrder,
    }, null, 1)}\n`);
    console.log(`  written to eval/results/matching.json`);
  } finally {
    await stop(service.child);
    rmSync(service.dataDir, { recursive: true, force: true });
  }
}
