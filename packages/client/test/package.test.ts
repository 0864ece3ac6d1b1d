// The package as published: `npm pack` builds it (prepack: tsc to dist/) and packs what its `files`
// name. The tarball holds the built code, its declarations and the README, nothing else of the
// repository, and every import of the built code resolves inside the tarball or to a dependency the
// package declares. Then the README's example runs as written, with node, against the built package
// and a real `staffing serve --demo`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../../test/e2e/serve-process.ts';

const run = promisify(execFile);
const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const manifest: { name: string; dependencies: Record<string, string> } = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));

let server: DemoServer;
let unpacked: string;
let files: string[];

beforeAll(async () => {
  unpacked = mkdtempSync(join(tmpdir(), 'staffing-client-pack-'));
  const [started, pack] = await Promise.all([
    startDemoServer(),
    run('npm', ['pack', '--json', '--pack-destination', unpacked], { cwd: PACKAGE, maxBuffer: 16 * 1024 * 1024 }),
  ]);
  server = started;
  // The build's own lines may come first: the JSON report is the array that starts a line.
  const [report] = JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[/m)));
  files = report.files.map((f: { path: string }) => f.path);
  await run('tar', ['-xzf', join(unpacked, report.filename), '-C', unpacked]);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

/** The module specifiers a built file imports (static, dynamic and type imports, re-exports). */
const specifiers = (text: string) => [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
/** `@scope/name/deep` and `name/deep` to the package's name. */
const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe('npm pack', () => {
  it('packs the built code with its declarations and the README, and nothing else of the repository', () => {
    const modules = readdirSync(join(PACKAGE, 'src')).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
    expect(modules).toEqual(expect.arrayContaining(['index', 'client', 'auth', 'retry', 'paging', 'feed', 'webhooks', 'openapi']));
    expect(files.sort()).toEqual(['README.md', 'package.json', ...modules.flatMap((m) => [`dist/${m}.d.ts`, `dist/${m}.js`])].sort());
  });

  it('every import of the packed code resolves inside the package or to a dependency it declares', () => {
    const root = join(unpacked, 'package');
    const unresolved = files.filter((f) => f.endsWith('.js') || f.endsWith('.d.ts')).flatMap((file) =>
      specifiers(readFileSync(join(root, file), 'utf8')).filter((specifier) => {
        if (!specifier.startsWith('.')) return !(packageName(specifier) in manifest.dependencies);
        const target = posix.join(posix.dirname(file), specifier);
        // A declaration imports `./x.js`: TypeScript reads `./x.d.ts` for it.
        return !existsSync(join(root, target)) || (file.endsWith('.d.ts') && !existsSync(join(root, target.replace(/\.js$/, '.d.ts'))));
      }).map((specifier) => `${file}: ${specifier}`));
    expect(unresolved).toEqual([]);
  });
});

describe('the README', () => {
  it('its example runs as written against a real server: it creates an employee and pages through all of them', async () => {
    const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Example')))?.[1];
    expect(example).toContain(`from '${manifest.name}'`);
    const token = server.credentials.personalAccessToken.token;
    // From the repository's root, `@staffing-operations/client` is the workspace's package: the build just packed.
    const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', example!], {
      cwd: ROOT, env: { ...process.env, STAFFING_BASE_URL: server.base, STAFFING_TOKEN: token },
    });
    const created = Number(/^created employee (\d+)$/m.exec(stdout)?.[1]);
    const answer = await fetch(`${server.base}/Employees/${created}`, { headers: { 'x-tw-token': token } });
    expect(await answer.json()).toMatchObject({ employeeId: created, firstName: 'Ann', lastName: 'Lee' });
    expect(stdout).toContain('found Ann Lee');
    const { totalCount } = await (await fetch(`${server.base}/Employees?take=1`, { headers: { 'x-tw-token': token } })).json();
    expect(stdout).toContain(`\n${totalCount} employees\n`);
  }, 60_000);
});
