// `npm run eval [-- suite ...]`: quality evaluations against graded sets (decision 0055). Suites:
// `matching` (job order -> candidates, eval/matching/, through the service) and `matching-offline` (the
// scorer on the same set without the service: eval/matching-offline.ts). None named runs them all.
import { runMatchingEval } from './matching.ts';
import { runMatchingOfflineEval } from './matching-offline.ts';

const SUITES: Record<string, () => Promise<unknown>> = { matching: runMatchingEval, 'matching-offline': runMatchingOfflineEval };

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in SUITES));
  if (unknown.length) throw new Error(`unknown evaluation ${unknown.join(', ')}; evaluations: ${Object.keys(SUITES).join(', ')}`);
  for (const [name, run] of Object.entries(SUITES)) if (!asked.length || asked.includes(name)) await run();
}

await main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
