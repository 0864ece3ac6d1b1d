// A port that is taken is a configuration error like any other: the long-running commands, run as a
// user runs them (a child process), name the port and the variable that chose it, print no stack,
// and exit 78.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandEnv, staffing } from '../../test/cli.ts';
import { testDatabase } from '../../test/helpers.ts';
import { freePort } from '../platform/db/embedded.ts';
import type { Database } from '../platform/db/database.ts';

let database: Database;
let env: NodeJS.ProcessEnv;
let taken: Server;
let takenPort: number;

beforeAll(async () => {
  database = await testDatabase();
  env = commandEnv(database);
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const address = taken.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  takenPort = address.port;
});
afterAll(async () => {
  await new Promise((resolve) => taken?.close(resolve));
  await database?.close();
});

describe('a port that is taken', () => {
  const cases: [string, string[], () => Promise<NodeJS.ProcessEnv>, string][] = [
    ['serve: the login server\'s AUTH_PORT', ['serve'], async () => ({ PORT: String(await freePort()), AUTH_PORT: String(takenPort) }), 'AUTH_PORT'],
    ['serve: the API\'s PORT', ['serve'], async () => ({ PORT: String(takenPort), AUTH_PORT: String(await freePort()) }), 'PORT'],
    ['login-server alone: AUTH_PORT', ['login-server'], async () => ({ AUTH_PORT: String(takenPort) }), 'AUTH_PORT'],
  ];
  for (const [what, args, ports, variable] of cases) {
    it(`${what}: exits 78 naming the port and ${variable}, without a stack trace`, async () => {
      const run = await staffing({ ...env, HOST: '127.0.0.1', WORKER_IN_PROCESS: 'false', ...(await ports()) }, ...args);
      expect(run.code, run.stderr).toBe(78);
      expect(run.stderr).toMatch(new RegExp(`(^|[^A-Z_])${variable}=${takenPort}\\b`));
      expect(run.stderr).toMatch(/in use/);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }, 90_000);
  }
});
