// The code's shape, checked: no import circle anywhere in src (layers are lint rules in
// eslint.config.js; a circle inside one layer is what lint cannot see).
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

it('no module imports itself through others (type-only imports count: they tie the files together all the same)', async () => {
  const graph = await madge(SRC, { fileExtensions: ['ts'], excludeRegExp: [/\.test\.ts$/], detectiveOptions: { ts: { skipTypeImports: false } } });
  expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
  expect(graph.circular()).toEqual([]);
});
