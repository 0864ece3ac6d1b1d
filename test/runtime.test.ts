// The Node.js lines the project supports (package.json `engines`, decision 0001) are supported by every
// package it installs, and every install script of a package installed here is decided in
// `allowScripts`: `npm install` then warns of neither (EBADENGINE, install-scripts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const root = (path: string) => new URL(`../${path}`, import.meta.url);
interface Manifest { engines: { node: string }; allowScripts: Record<string, boolean> }
interface Locked { engines?: { node?: string } | string[]; hasInstallScript?: boolean; os?: string[]; cpu?: string[]; name?: string }
const manifest: Manifest = JSON.parse(readFileSync(root('package.json'), 'utf8'));
const lock: { packages: Record<string, Locked> } = JSON.parse(readFileSync(root('package-lock.json'), 'utf8'));

/** The oldest release of each line `engines` accepts (`^20.19.0 || ^22.13.0 || >=24` → 20.19.0, 22.13.0, 24.0.0). */
const lines = manifest.engines.node.split('||').map((range) => semver.minVersion(range)!.version);
const packages = Object.entries(lock.packages).filter(([path]) => path !== '');
const nameOf = ([path, entry]: [string, Locked]) => entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
/** Installed on this machine: an optional package of another platform is not. */
const installedHere = ([, entry]: [string, Locked]) =>
  (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

describe('the runtime', () => {
  it('supports the Node.js LTS lines 22 and 24, and 20 while it is kept', () => {
    expect(lines.map((v) => semver.major(v))).toEqual([20, 22, 24]);
  });

  it('installs no package that refuses one of those lines (npm\'s EBADENGINE)', () => {
    const refusing = packages.flatMap(([path, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      const refused = range ? lines.filter((v) => !semver.satisfies(v, range)) : [];
      return refused.length ? [`${path} (node ${range}) refuses ${refused.join(', ')}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it('decides in allowScripts every install script of a package installed here', () => {
    const undecided = packages.filter(installedHere).filter(([, entry]) => entry.hasInstallScript)
      .map(nameOf).filter((name) => !(name in manifest.allowScripts));
    expect([...new Set(undecided)]).toEqual([]);
  });
});
