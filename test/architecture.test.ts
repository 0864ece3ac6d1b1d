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
