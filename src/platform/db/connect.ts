// Opens the service's database: the server in DATABASE_URL, or else the embedded one in DATA_DIR
// (started here if it is not already running), with its `staffing` database created on first use.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { openDatabase, type Database } from './database.ts';
import { freePort, startEmbedded } from './embedded.ts';
import { superviseEmbedded, type Supervisor } from './embedded-supervisor.ts';

export interface Connection {
  database: Database;
  url: string;
  embedded: boolean;
  /**
   * Long-running commands: keep the embedded server running (restart it when it dies), calling
   * `onGiveUp` when it cannot be; a no-op with DATABASE_URL (that server has its own supervisor).
   * Stop it as soon as the command stops (a Ctrl-C reaches the server too: it must not be restarted).
   */
  supervise(onGiveUp: () => void): Supervisor;
  close(): Promise<void>;
}

const EMBEDDED_DB = 'staffing';

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`).catch((e: { code?: string }) => {
      if (e.code !== '42P04') throw e; // created meanwhile by another process
    });
  } finally {
    await client.end();
  }
}

/** Which database a command uses, for messages: the embedded one's directory, or the server (without its password). */
export function databaseDescription(config: Config): string {
  if (!config.DATABASE_URL) return `the embedded database in DATA_DIR=${resolve(config.DATA_DIR)}`;
  return `DATABASE_URL=${config.DATABASE_URL.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@')}`;
}

/** A command that works on the service's data found no database where it looked. */
export class NoDatabaseError extends Error {}

/**
 * `handlesSignals`: the caller stops gracefully on SIGINT/SIGTERM and closes the connection itself.
 * `existing`: the command works on the service's data (a token, a tenant's settings): it must not
 * start a new, empty embedded database where the service has none (a command run from another
 * directory than the service's), but say where it looked.
 */
export async function connect(config: Config, log: (m: string) => void = () => {}, handlesSignals = false, options: { existing?: boolean } = {}): Promise<Connection> {
  if (!config.DATABASE_URL && options.existing && !existsSync(join(resolve(config.DATA_DIR), 'pg'))) {
    throw new NoDatabaseError(`No database in DATA_DIR=${resolve(config.DATA_DIR)}: this command works on the service's data.
Run it from the directory \`npm start\` runs in (its DATA_DIR is ./data there), or set DATA_DIR to the
service's data directory, or DATABASE_URL to its PostgreSQL server.`);
  }
  if (config.DATABASE_URL) {
    const database = openDatabase(config.DATABASE_URL, config.DB_POOL_SIZE, config.DB_PIPELINE_CONNECTIONS);
    return { database, url: config.DATABASE_URL, embedded: false, supervise: () => ({ stop: () => {} }), close: () => database.close() };
  }
  // Not the port the API or the login server is about to listen on (a test's, or PORT's when it is free now).
  const pgPort = config.EMBEDDED_PG_PORT || await freePort([config.PORT, config.AUTH_PORT]);
  const server = await startEmbedded(config.DATA_DIR, pgPort, log, !handlesSignals);
  await ensureDatabase(server.url, EMBEDDED_DB);
  const socket = new URL(server.socketUrl);
  socket.pathname = `/${EMBEDDED_DB}`;
  const url = socket.toString();
  const database = openDatabase(url, config.DB_POOL_SIZE, config.DB_PIPELINE_CONNECTIONS);
  let supervisor: Supervisor | undefined;
  return {
    database,
    url,
    embedded: true,
    supervise: (onGiveUp) => (supervisor ??= superviseEmbedded(server, { log, onGiveUp })),
    close: async () => {
      supervisor?.stop(); // before stopping the server, which it would otherwise start again
      await database.close();
      await server.stop();
    },
  };
}
