// End to end: `staffing serve --demo` on its own embedded database, then the `staffing token`
// commands run while it serves (they reach the same database), as a new user would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../src/platform/db/embedded.ts';
import { startDemoServer, type DemoServer } from './serve-process.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/staffing.js', import.meta.url).pathname;
let dir: string;
let base: string;
let authBase: string;
let env: NodeJS.ProcessEnv;
let demo: DemoServer | undefined;

// The demo server as every end-to-end test starts it (serve-process.ts: its own data directory, free
// ports, a start-up allowed minutes on a busy machine); what it printed is read once it is up.
beforeAll(async () => {
  demo = await startDemoServer();
  ({ base, env, dir } = demo);
  authBase = `http://127.0.0.1:${env.AUTH_PORT}`;
}, 200_000);

afterAll(async () => {
  await demo?.stop();
});

/** What the server printed so far (the start-up banner first). */
const printed = () => demo?.output() ?? '';

describe('staffing serve --demo', () => {
  it('prints the address and working demo credentials', async () => {
    expect(printed()).toContain(`API:            ${base}`);
    const creds = JSON.parse(readFileSync(join(dir, 'demo-credentials.json'), 'utf8'));
    expect(printed()).toContain(creds.personalAccessToken.token);
    const basic = Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString('base64');
    const branches = await fetch(`${base}/Datalists/Branches`, { headers: { authorization: `Basic ${basic}` } });
    expect(branches.status).toBe(200);
    expect((await branches.json()).data.map((b: { branchName: string }) => b.branchName)).toEqual(['Austin', 'Minneapolis']);
    const countries = await fetch(`${base}/DataLists/countries?take=10`, { headers: { 'x-tw-token': creds.personalAccessToken.token } });
    expect((await countries.json()).data).toHaveLength(10);
  });

  it('AUTH-07 AUTH-05 the login server runs beside the API; the demo\'s service client and web user get bearer tokens that work', async () => {
    expect(printed()).toContain(`Login server:   ${authBase}`);
    const { oauth } = JSON.parse(readFileSync(join(dir, 'demo-credentials.json'), 'utf8'));
    expect(printed()).toContain(oauth.service.clientSecret);
    const token = async (form: Record<string, string>) => (await fetch(`${authBase}/connect/token`, { method: 'POST', body: new URLSearchParams(form) })).json();
    const service = await token({ grant_type: 'tw_vendor_service_credentials', client_id: oauth.service.clientId, client_secret: oauth.service.clientSecret, acr_values: oauth.acrValues });
    expect(service).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const branches = await fetch(`${base}/Datalists/Branches`, { headers: { authorization: `Bearer ${service.access_token}` } });
    expect(branches.status).toBe(200);
    const webUser = await token({
      grant_type: 'tw_vendor_webuser', usertype: 'WebUserEmployee', username: oauth.webuser.username, password: oauth.webuser.password,
      client_id: oauth.webuser.clientId, client_secret: oauth.webuser.clientSecret, acr_values: oauth.acrValues,
    });
    expect(webUser.token_type).toBe('Bearer');
  });

  it('AUTH-11 `staffing login-server` runs the login server alone on the same database', async () => {
    const alonePort = await freePort();
    const alone = spawn(process.execPath, [bin, 'login-server'], { env: { ...env, AUTH_PORT: String(alonePort) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    alone.stdout!.on('data', (c) => { printed += String(c); });
    alone.stderr!.on('data', (c) => { printed += String(c); });
    try {
      for (let i = 0; i < 300 && !printed.includes('Login server running'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(printed).toContain(`Login server running at http://127.0.0.1:${alonePort}`);
      const discovery = await (await fetch(`http://127.0.0.1:${alonePort}/.well-known/openid-configuration`)).json();
      expect(discovery.token_endpoint).toBe(`http://127.0.0.1:${alonePort}/connect/token`);
    } finally {
      const exited = new Promise((r) => alone.once('exit', r));
      alone.kill('SIGTERM');
      await exited;
    }
  });

  it('the demo tenant has realistic data for every resource', async () => {
    const creds = JSON.parse(readFileSync(join(dir, 'demo-credentials.json'), 'utf8'));
    const count = async (path: string) => (await (await fetch(`${base}/${path}?take=1`, { headers: { 'x-tw-token': creds.personalAccessToken.token } })).json()).totalCount;
    expect(await count('Employees')).toBe(300);
    for (const path of ['Customers', 'Contacts', 'JobOrders', 'Administration/JobTitles', 'Assignments', 'TimeEntry/timecards', 'Contracts', 'Prospects', 'RateSheets', 'Vendors']) {
      expect(await count(path), path).toBeGreaterThan(4);
    }
  });

  it('every command the start-up output prints works as printed: run by bash and curl, each answers 2xx (or the refusal it says it shows)', async () => {
    // The printed commands: a line starting a curl (or piping into one, or setting a variable from one), with its continuation lines.
    const commands: string[] = [];
    let current: string[] | undefined;
    for (const line of printed().split('\n')) {
      const text = line.trim();
      if (!current && /^(?:[A-Z_]+=\$\()?(?:curl|printf) /.test(text)) current = [];
      if (!current) continue;
      current.push(text);
      if (!text.endsWith('\\')) {
        commands.push(current.join('\n'));
        current = undefined;
      }
    }
    // What a newcomer meets: the account key, the token, the 403s, both OAuth grants, a sandbox assessment session.
    for (const shown of [/^curl -u /, /Employees' +# answers 403/, /Employees\/Resume' +# answers 403/, /grant_type=tw_vendor_service_credentials/, /grant_type=tw_vendor_webuser/,
      /\/Assignments\/\d+'$/, /assessmentSessions'$/]) {
      expect(commands.some((c) => shown.test(c)), `a printed command matching ${shown}:\n${printed()}`).toBe(true);
    }
    // Each command exactly as printed; curl's own configuration file adds only a report of each answer's status on stderr.
    const curlHome = mkdtempSync(join(tmpdir(), 'staffing-curl-'));
    writeFileSync(join(curlHome, '.curlrc'), 'write-out = "%{stderr}STATUS %{http_code}\\n"\nsilent\nshow-error\n');
    try {
      const script = commands.map((c, i) => `echo "COMMAND ${i}" >&2\n${c}`).join('\n');
      const { stderr } = await run('bash', ['-c', script], { env: { ...process.env, CURL_HOME: curlHome } });
      const answers = stderr.split(/^COMMAND \d+$/m).slice(1);
      expect(answers).toHaveLength(commands.length);
      commands.forEach((command, i) => {
        const statuses = [...answers[i]!.matchAll(/^STATUS (\d{3})$/gm)].map((m) => Number(m[1]));
        const refusal = /# answers (\d{3})/.exec(command)?.[1];
        expect(statuses.length, `${command}\n${answers[i]}`).toBeGreaterThan(0);
        for (const status of statuses) {
          if (refusal) expect(status, command).toBe(Number(refusal));
          else expect(status >= 200 && status < 300, `${status} for\n${command}\n${answers[i]}`).toBe(true);
        }
      });
    } finally {
      rmSync(curlHome, { recursive: true, force: true });
    }
    // The addresses it prints outside the commands open too (the templates with {...} are not addresses).
    const prose = commands.reduce((text, command) => text.replace(command.split('\n').join('\n'), ''), printed().split('\n').map((l) => l.trim()).join('\n'));
    const urls = new Set([...prose.matchAll(/http:\/\/[^\s'"()]+/g)].map((m) => m[0]).filter((u) => !u.includes('{')));
    // A bare origin (the API's base address, the login server's issuer) is a name the printed addresses extend, not a page.
    const bases = [...urls].filter((u) => new URL(u).pathname === '/' && [...urls].some((other) => other.startsWith(`${u}/`)));
    expect(bases.length).toBe(2);
    for (const url of [...urls].filter((u) => !bases.includes(u))) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status < 400 || res.status === 405, `${res.status} ${url}`).toBe(true);
    }
  }, 120_000);

  // The session the printed request made in the test above.
  it('the demo\'s assessment session, requested as printed, is completed by the sandbox with a result per assessment', async () => {
    const { personalAccessToken, oauth } = JSON.parse(readFileSync(join(dir, 'demo-credentials.json'), 'utf8'));
    const read = async () => (await (await fetch(`${base}/Employees/${oauth.webuser.employeeId}/assessmentSessions`, { headers: { 'x-tw-token': personalAccessToken.token } })).json());
    let sessions = await read();
    expect(sessions.totalCount, 'the printed request made a session').toBeGreaterThan(0);
    for (let i = 0; i < 200 && sessions.data[0].status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      sessions = await read();
    }
    expect(sessions.data[0]).toMatchObject({ status: 'completed', vendorName: 'AssessOnCloud Sandbox' });
    expect(sessions.data[0].results).toHaveLength(sessions.data[0].items.length);
  }, 60_000);

  it('answers /health without credentials', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('token create and token revoke work while the service runs', async () => {
    const { stdout } = await run(process.execPath, [bin, 'token', 'create', '--scopes', 'datalist-read', '--expires', '2099-01-01', '--json'], { env });
    const issued = JSON.parse(stdout);
    expect(issued).toMatchObject({ tenant: 'demo', scopes: ['datalist-read'], expiresAt: '2099-01-01T23:59:59.000Z' });
    expect(Buffer.from(issued.token, 'base64').toString()).toBe(`${issued.sid}:${issued.secret}`);
    const call = () => fetch(`${base}/Datalists/OrderTypes`, { headers: { 'x-tw-token': issued.token } });
    expect((await call()).status).toBe(200);
    await run(process.execPath, [bin, 'token', 'revoke', issued.sid], { env });
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await call()).status;
    }
    expect(status).toBe(401);
  });

  it('token create refuses unknown scopes with a clear message', async () => {
    const failed = await run(process.execPath, [bin, 'token', 'create', '--scopes', 'everything'], { env }).catch((e) => e);
    expect(failed.code).toBe(65);
    expect(failed.stderr).toMatch(/Unknown scopes: everything/);
  });

  it('the service reaches its embedded database through the Unix socket, not loopback TCP (decision 0032)', async () => {
    // Requests open the pool's connections; then PostgreSQL says where each of the service's came from.
    const { personalAccessToken } = JSON.parse(readFileSync(join(dir, 'demo-credentials.json'), 'utf8'));
    expect((await fetch(`${base}/DataLists/countries?take=1`, { headers: { 'x-tw-token': personalAccessToken.token } })).status).toBe(200);
    const { user, password } = JSON.parse(readFileSync(join(dir, 'pg-credentials.json'), 'utf8'));
    const port = readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
    const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user, password, database: 'postgres' });
    await client.connect();
    try {
      const { rows } = await client.query<{ socket: boolean }>(`select client_addr is null as socket from pg_stat_activity where application_name = 'staffing'`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.socket)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('a bad configuration stops with a clear message', async () => {
    const failed = await run(process.execPath, [bin, 'migrate'], { env: { ...env, PORT: 'x' } }).catch((e) => e);
    expect(failed.code).toBe(78);
    expect(failed.stderr).toMatch(/PORT="x"/);
  });
});
