// `staffing openapi [--out <file>]`: writes the OpenAPI description generated from the route
// schemas. The committed copy (docs/openapi.json) is checked against it by a test, so API changes
// show up in review as changes of that file.
import { writeFileSync } from 'node:fs';
import type { Config } from '../config.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../platform/db/database.ts';

/**
 * Where a deployment answers, in the committed description: a variable, as each deployment serves
 * its own BASE_URL (its served description names it). Its default is a local `npm start`'s.
 */
const SERVERS = [{
  url: '{baseUrl}', description: 'The service\'s BASE_URL.',
  variables: { baseUrl: { default: 'http://localhost:8080', description: 'Where the service runs (its BASE_URL setting).' } },
}];

/** The description, with `servers` as a variable (the served one names the deployment's own). */
export async function openApiDocument(config: Config): Promise<Record<string, unknown>> {
  // Building the routes needs no connection: the pool connects on first query, and none is made.
  const database = openDatabase('postgres://unused@127.0.0.1:1/unused', 1);
  const app = await buildApp({ config: { ...config, LOG_LEVEL: 'silent' }, database, listenForRevocations: false });
  await app.ready();
  // The document as the plain JSON it is written as, then with `servers` as a variable.
  const document: Record<string, unknown> = JSON.parse(JSON.stringify(app.swagger()));
  document.servers = SERVERS;
  await app.close();
  await database.close();
  return document;
}

export async function openApiCommand(config: Config, args: string[]): Promise<number> {
  const outIndex = args.indexOf('--out');
  const text = JSON.stringify(await openApiDocument(config), null, 2) + '\n';
  if (outIndex >= 0 && args[outIndex + 1]) writeFileSync(args[outIndex + 1]!, text);
  else process.stdout.write(text);
  return 0;
}
