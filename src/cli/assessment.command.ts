// Assessment vendors and catalogs of a tenant (docs/assessments.md, decision 0019):
//   staffing assessment vendor add       a provider, its API address and (from stdin) its API key
//   staffing assessment catalog import   a vendor's assessments from CSV, upserted by code
// Refusals (wrong usage, unknown tenant or vendor, taken name, bad or unreadable file) exit with the
// codes of every command (refusals.ts; listed in docs/operations.md).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import type { Db } from '../platform/db/database.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { addVendor, importCatalog, isVendorKind, VENDOR_KINDS } from '../resources/assessments/assessment-catalog.repository.ts';
import { CATALOG_COLUMNS, parseCatalogCsv } from '../resources/assessments/assessment-catalog.csv.ts';
import { UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';
import { tenantIdNamed } from './tenant.ts';

export const ASSESSMENT_USAGE: CommandUsage = {
  'vendor add': {
    args: `--tenant <name> --name <n> --kind ${VENDOR_KINDS.join('|')} [--api-url <url>] [--api-key-stdin]`,
    does: `add an assessment vendor; with --api-key-stdin its API key is read from the first
           line of stdin (never printed)`,
  },
  'catalog import': {
    args: '--tenant <name> --vendor <id> --file <catalog.csv>',
    does: `add or update a vendor's assessments by code; columns ${CATALOG_COLUMNS.join(', ')}`,
  },
};

/** Where the API key comes from: stdin, so it stays out of the shell history and the process list. */
export interface CommandIo { readStdin(): Promise<string> }

const processIo: CommandIo = {
  async readStdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8');
  },
};

const OPTIONS = {
  tenant: { type: 'string' }, name: { type: 'string' }, kind: { type: 'string' }, 'api-url': { type: 'string' },
  'api-key-stdin': { type: 'boolean', default: false }, vendor: { type: 'string' }, file: { type: 'string' },
} as const;

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required.`);
  return value;
}

const parse = (args: string[]) => parseArgs({ args, options: OPTIONS }).values;
type Values = ReturnType<typeof parse>;
interface Step { tenant: string; run(db: Db, tenantId: number): Promise<string> }

/** Checks the arguments and reads the inputs (stdin, the file) before the database is reached. */
async function prepare(action: string, values: Values, io: CommandIo): Promise<Step> {
  const tenant = () => required(values.tenant, '--tenant');
  switch (action) {
    case 'vendor add': {
      const name = required(values.name, '--name'), kind = required(values.kind, '--kind');
      if (!isVendorKind(kind)) throw new UsageError(`--kind must be ${VENDOR_KINDS.join(' or ')}.`);
      let apiKey: string | null = null;
      if (values['api-key-stdin']) {
        apiKey = (await io.readStdin()).split(/\r?\n/)[0]?.trim() || null;
        if (apiKey === null) throw new UsageError('--api-key-stdin: stdin holds no API key.');
      }
      const apiUrl = values['api-url'] ?? null;
      return {
        tenant: tenant(),
        async run(db, tenantId) {
          const id = await addVendor(db, tenantId, { name, kind, apiUrl, apiKey });
          return `Assessment vendor ${id} "${name.trim()}" (${kind}) added to tenant "${values.tenant}"; API address: ${apiUrl ?? '(none yet)'}; `
            + `API key: ${apiKey === null ? '(none)' : 'stored'}.`;
        },
      };
    }
    case 'catalog import': {
      const vendor = required(values.vendor, '--vendor'), file = required(values.file, '--file');
      const vendorId = Number(vendor);
      if (!/^\d{1,10}$/.test(vendor) || vendorId < 1 || vendorId > 2147483647) throw new UsageError('--vendor must be a vendor id (a positive whole number).');
      const entries = await parseCatalogCsv(await readFile(file, 'utf8'));
      return {
        tenant: tenant(),
        async run(db, tenantId) {
          const result = await importCatalog(db, tenantId, vendorId, entries);
          return `Catalog of assessment vendor ${vendorId} "${result.vendor}": ${result.added} added, ${result.updated} updated.`;
        },
      };
    }
    default:
      throw new UsageError(usageText('assessment', ASSESSMENT_USAGE));
  }
}

export async function assessmentCommand(config: Config, args: string[], io: CommandIo = processIo): Promise<number> {
  const [noun, verb, ...rest] = args;
  const step = await prepare(`${noun} ${verb}`, parse(rest), io);
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    const db = connection.database.db;
    console.log(await step.run(db, await tenantIdNamed(db, step.tenant, config)));
    return 0;
  } finally {
    await connection.close();
  }
}
