// The code's shape, checked: no import circle anywhere in src (layers are lint rules in
// eslint.config.js; a circle inside one layer is what lint cannot see), and every table where
// drizzle-kit looks for it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { expect, it } from 'vitest';
import { schema } from '../drizzle.config.ts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

it('no module imports itself through others (type-only imports count: they tie the files together all the same)', async () => {
  const graph = await madge(SRC, { fileExtensions: ['ts'], excludeRegExp: [/\.test\.ts$/], detectiveOptions: { ts: { skipTypeImports: false } } });
  expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
  expect(graph.circular()).toEqual([]);
});

/**
 * The layers, lowest first (src/README.md): a module imports only its own layer and those below.
 * Siblings on one rung (the pages and the login server) import neither each other.
 */
const LAYERS: readonly (readonly RegExp[])[] = [
  [/^config\.ts$/],
  [/^platform\//],
  [/^resources\/(?!registry\.ts$|catalogs\.ts$|jobs\.ts$)/],
  [/^resources\/(registry|catalogs|jobs)\.ts$/],
  [/^web\//, /^login\//],
  [/^app\.ts$/],
  [/^cli\//],
];
const placeOf = (file: string) => {
  const rung = LAYERS.findIndex((patterns) => patterns.some((p) => p.test(file)));
  return { rung, side: rung < 0 ? -1 : LAYERS[rung]!.findIndex((p) => p.test(file)) };
};

it('imports run down the layers: none up, none across to a sibling (web <-> login)', async () => {
  const graph = await madge(SRC, { fileExtensions: ['ts'], excludeRegExp: [/\.test\.ts$/], detectiveOptions: { ts: { skipTypeImports: false } } });
  const wrong: string[] = [];
  // Files outside src (test doubles a test-only module of src reaches) are not layered.
  for (const [file, imports] of Object.entries(graph.obj()).filter(([f]) => !f.startsWith('../'))) {
    const from = placeOf(file);
    expect(from.rung, `${file} is in no layer`).toBeGreaterThanOrEqual(0);
    for (const imported of imports.filter((f) => !f.startsWith('../'))) {
      const to = placeOf(imported);
      if (to.rung > from.rung || (to.rung === from.rung && to.side !== from.side)) wrong.push(`${file} -> ${imported}`);
    }
  }
  expect(wrong).toEqual([]);
});

// drizzle.config.ts's patterns (`./src/**/*.table.ts`) as expressions: `**/` any folders, `*` any part of a name.
const tableFiles = schema.map((glob) => new RegExp(`^${glob.slice(2).replaceAll('.', '\\.').replaceAll('**/', '(?:.+/)?').replaceAll('*', '[^/]*')}$`));

it('every table is declared in a file drizzle-kit reads (drizzle.config.ts): one outside would be dropped by the next migration', () => {
  const declaring = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    // record-table.ts defines recordTable itself (its pgTable call declares no table).
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== join('platform', 'records', 'record-table.ts'))
    .filter((f) => /\b(pgTable|recordTable)\(/.test(readFileSync(join(SRC, f), 'utf8')))
    .map((f) => `src/${f}`);
  expect(declaring.length).toBeGreaterThan(25);
  expect(declaring.filter((f) => !tableFiles.some((pattern) => pattern.test(f)))).toEqual([]);
});

/**
 * What a module loads before it runs: its static imports (not `import type`, not `import()`),
 * followed through src; packages by name.
 */
function loadedAtStart(entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const source = readFileSync(join(SRC, file), 'utf8');
    for (const [, from] of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      if (!from!.startsWith('.')) loaded.add(from!.startsWith('@') ? from!.split('/').slice(0, 2).join('/') : from!.split('/')[0]!);
      else if (from!.endsWith('.ts')) visit(join(file, '..', from!));
    }
  };
  visit(entry);
  return loaded;
}

it('a `staffing worker` process loads no HTTP app, pages, login server, API documentation or workbook library until it needs one (decision 0054)', () => {
  // bin/staffing.js runs main.ts, which finds the worker in the command table.
  const loaded = [...loadedAtStart('cli/main.ts'), ...loadedAtStart('cli/worker.command.ts')];
  expect(loaded).toContain('cli/worker.command.ts');
  expect(loaded).toContain('platform/jobs/worker.ts');
  expect(loaded.filter((f) => /^(app\.ts|cli\/serve\.ts|login\/|web\/(?!public-scope\.ts)|platform\/openapi\.ts)/.test(f) || ['oidc-provider', '@fastify/swagger', '@fastify/swagger-ui', 'eta', 'exceljs'].includes(f))).toEqual([]);
});
