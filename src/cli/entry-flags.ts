// The Node flags the `staffing` command runs with: those on bin/staffing.js's first line, defined
// there once (decision 0032). The benchmarks start the service and the bare server with them.
import { readFileSync } from 'node:fs';

export const ENTRY = new URL('../../bin/staffing.js', import.meta.url).pathname;

export function entryNodeFlags(): string[] {
  const shebang = readFileSync(ENTRY, 'utf8').split('\n', 1)[0] ?? '';
  return shebang.split(/\s+/).filter((word) => word.startsWith('--'));
}
