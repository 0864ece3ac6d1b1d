// `staffing serve`: database, migrations, (demo tenant), then the HTTP API until SIGINT/SIGTERM.
import type { Config } from '../config.ts';
import { buildApp } from '../app.ts';
import { connect } from '../platform/db/connect.ts';
import { retryWhileUnreachable } from '../platform/db/database.ts';
import { prepareDatabase } from '../resources/registry.ts';
import { createBackground } from '../platform/background.ts';
import { backgroundLoops, jobCatalog } from '../resources/jobs.ts';
import { ensureDemo, type DemoCredentials } from '../resources/tenants/demo.seed.ts';
import { ensureReferenceClient } from '../resources/tenants/demo.oauth.ts';
import { pointDemoSandbox } from '../resources/tenants/demo.sandbox.ts';
import type { LoginServer } from '../login/login-server.ts';
import { EXIT_DATABASE_LOST } from '../platform/db/embedded-supervisor.ts';
import { stopOnSignals } from '../platform/shutdown.ts';
import { listenOn } from '../platform/http/listen-port.ts';

/** A piped token request's access token, read by the node that runs this service (no jq needed). */
const ACCESS_TOKEN = `node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token'`;

/**
 * What `npm start` prints for the demo tenant. Every command is copy-paste shell that works as printed
 * (test/e2e/serve.test.ts runs each one): a command that shows a refusal says so in a trailing
 * `# answers <status>` comment.
 */
export function printDemoCredentials(config: Config, c: DemoCredentials): void {
  const base = config.BASE_URL, auth = config.AUTH_URL, o = c.oauth, p = c.payroll, a = c.assessments;
  const pat = c.personalAccessToken.token, payroll = p.personalAccessToken.token, employee = o.webuser.employeeId;
  console.log(`
Demo tenant "${c.tenant}" (administrator service rep ${c.adminServiceRepId})
  Basic (account key):   ACCOUNT_SID=${c.accountSid}
                         AUTH_TOKEN=${c.authToken}
  Personal access token: ${pat}
                         (expires ${c.personalAccessToken.expiresAt})

Try:
  curl -u '${c.accountSid}:${c.authToken}' '${base}/Datalists/Branches'
  curl -H 'x-tw-token: ${pat}' '${base}/DataLists/countries?take=5'

A hierarchy node that may not create employees ("${p.node}"; its rep is service rep ${p.serviceRepId}):
  curl -H 'x-tw-token: ${payroll}' -H 'content-type: application/json' \\
    -d '{"firstName":"Pat","lastName":"Example","branchId":${p.branchId},"region":"MN"}' '${base}/Employees'  # answers 403 HIERARCHY_CANNOT_CREATE_EMPLOYEES
  (the administrator's token above creates the employee: 201). Its resume upload, a short text resume from stdin:
  printf 'Pat Example\\npat@example.com\\n' | curl -H 'x-tw-token: ${payroll}' \\
    -F 'resume=@-;filename=cv.txt;type=text/plain' '${base}/Employees/Resume'  # answers 403 HIERARCHY_CANNOT_INSERT_MASTER_DATA

OAuth 2.0 (login server ${auth}):
  Service token (acts as the administrator):
    TOKEN=$(curl -s ${auth}/connect/token -d grant_type=tw_vendor_service_credentials \\
      -d client_id=${o.service.clientId} -d client_secret=${o.service.clientSecret} \\
      --data-urlencode 'acr_values=${o.acrValues}' | ${ACCESS_TOKEN})
    curl -H "Authorization: Bearer $TOKEN" '${base}/Datalists/Branches'
  Web user (employee ${employee}; it may read its own assignment, ${o.webuser.assignmentId}):
    WEBUSER_TOKEN=$(curl -s ${auth}/connect/token -d grant_type=tw_vendor_webuser -d usertype=WebUserEmployee \\
      -d client_id=${o.webuser.clientId} -d client_secret=${o.webuser.clientSecret} \\
      -d username=${o.webuser.username} -d password=${o.webuser.password} \\
      --data-urlencode 'acr_values=${o.acrValues}' | ${ACCESS_TOKEN})
    curl -H "Authorization: Bearer $WEBUSER_TOKEN" '${base}/Assignments/${o.webuser.assignmentId}'
  Service rep sign-in (code flow; the API reference page's Authorize button): ${o.rep.username} / ${o.rep.password}
  Admin pages: ${base}/admin?tenant=${c.tenant} (sign in as ${o.rep.username})

Assessments: the demo's vendor is a sandbox inside this service (under /sandbox/assessoncloud); a session
it is asked for is in progress, then completed with results, a few seconds later, called back as a real
provider would. Request the demo's package for employee ${employee}, then read the employee's sessions:
  curl -H 'x-tw-token: ${pat}' -H 'content-type: application/json' \\
    -d '{"assessmentPackageId":${a.packageId}}' '${base}/Employees/${employee}/assessmentSessions'
  curl -H 'x-tw-token: ${pat}' '${base}/Employees/${employee}/assessmentSessions'
`);
}

export async function serve(config: Config, options: { demo: boolean }): Promise<void> {
  const log = (m: string) => console.log(`[staffing] ${m}`);
  const connection = await connect(config, log, true);
  // Signals are ours from here: stop what has started (requests, batch items, database), then exit.
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let background: ReturnType<typeof createBackground> | undefined;
  let login: LoginServer | undefined;
  const stop = stopOnSignals(async (reason) => {
    supervisor.stop();
    log(`${reason}: finishing requests and batch items in flight and stopping`);
    await background?.stop();
    await app?.close();
    await login?.close();
    await connection.close();
  });
  const supervisor = connection.supervise(() => stop('the embedded database is lost', EXIT_DATABASE_LOST));
  try {
    await retryWhileUnreachable(() => prepareDatabase(connection.database.pool), log);
    const demo = options.demo ? await ensureDemo(connection.database.db, config.DATA_DIR) : undefined;
    // The login server first: its address (a free port when AUTH_PORT is 0) is the API's token issuer.
    // Loaded only when it runs here (oidc-provider is a large import, and warns below Node 22).
    if (config.LOGIN_SERVER_IN_PROCESS) {
      const { startLoginServer } = await import('../login/login-server.ts');
      login = await startLoginServer({ config, database: connection.database });
    }
    const referenceClientId = demo ? await ensureReferenceClient(connection.database.db, demo.tenantId, config.BASE_URL) : config.API_REFERENCE_CLIENT_ID;
    config = { ...config, AUTH_URL: login?.issuer ?? config.AUTH_URL, API_REFERENCE_CLIENT_ID: referenceClientId };
    // The demo's assessment vendor is the sandbox on this start's address.
    if (demo) await pointDemoSandbox(connection.database.db, demo.tenantId, demo.assessments.vendorId, config.BASE_URL);
    app = await buildApp({ config, database: connection.database, assessmentSandbox: demo?.assessments.sandbox });
    await listenOn(app, { port: config.PORT, host: config.HOST, variable: 'PORT', what: 'the API\'s port' });
    background = config.WORKER_IN_PROCESS ? createBackground(connection.database, config, jobCatalog(app.resumeParser, config), app.log, { loops: backgroundLoops }) : undefined;
    await background?.start();

    console.log(`
Staffing Operations API is running
  API:            ${config.BASE_URL}
  API reference:  ${config.BASE_URL}/swagger  (OpenAPI: ${config.BASE_URL}/swagger/v1/swagger.json)
  Admin pages:    ${config.BASE_URL}/admin  (sign in as a service rep through the login server)
  Job board:      ${config.JOBBOARD_URL}/{tenantName}${demo ? `  (demo: ${config.JOBBOARD_URL}/${demo.tenant})` : ''}
  Registration:   ${config.REGISTRATION_URL}/{en|es}/{registration name}${demo ? `  (demo: ${config.REGISTRATION_URL}/en/${demo.tenant})` : ''}
  Login server:   ${login ? `${config.AUTH_URL}  (discovery: ${config.AUTH_URL}/.well-known/openid-configuration)` : `off (LOGIN_SERVER_IN_PROCESS=false): run \`staffing login-server\` at ${config.AUTH_URL}`}
  Database:       ${connection.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'DATABASE_URL'}
  Batch worker:   ${background ? 'in this process' : 'off (WORKER_IN_PROCESS=false): run `staffing worker`'}`);
    if (demo) printDemoCredentials(config, demo);
  } catch (e) {
    // What started stops: a refusal (a port taken) ends the command with its exit code, not a half-started server.
    await app?.close().catch(() => {});
    await login?.close().catch(() => {});
    supervisor.stop();
    await connection.close().catch(() => {});
    throw e;
  }
}
