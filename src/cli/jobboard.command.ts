// `staffing jobboard settings [--tenant <name>] [--set key=value ...]`: prints a tenant's job board
// settings as JSON after applying the given changes (JB-49, AMB-57 (a): stored per tenant; no API
// endpoint reads or changes them, JB-48). Reaches the database as `staffing token` does.
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { DEMO_TENANT } from '../resources/tenants/demo.seed.ts';
import { DEFAULT_JOB_BOARD_SETTINGS, readJobBoardSettings, writeJobBoardSettings, type JobBoardSettings } from '../resources/reference-data/job-board.settings.ts';
import { UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';
import { tenantIdNamed } from './tenant.ts';

export const JOBBOARD_USAGE: CommandUsage = {
  settings: {
    args: '[--tenant <name>] [--set key=value ...]',
    does: `print the tenant's job board settings (JSON) after setting the given ones;
           keys: ${Object.keys(DEFAULT_JOB_BOARD_SETTINGS).join(', ')}`,
  },
};

const KEYS = Object.keys(DEFAULT_JOB_BOARD_SETTINGS).filter((k): k is keyof JobBoardSettings => Object.hasOwn(DEFAULT_JOB_BOARD_SETTINGS, k));
type FlagKey = { [K in keyof JobBoardSettings]: JobBoardSettings[K] extends boolean ? K : never }[keyof JobBoardSettings];
const isFlag = (key: keyof JobBoardSettings): key is FlagKey => typeof DEFAULT_JOB_BOARD_SETTINGS[key] === 'boolean';
const MAX_CUTOFF_DAYS = 36500;

/** `key=value` pairs → changes, each checked: booleans true/false, the cutoff a whole number ≥ 0. */
export function parseSettingChanges(pairs: string[]): Partial<JobBoardSettings> {
  const changes: Partial<JobBoardSettings> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--set "${pair}": expected key=value.`);
    const given = pair.slice(0, at).trim(), raw = pair.slice(at + 1).trim();
    const key = KEYS.find((k) => k.toLowerCase() === given.toLowerCase());
    if (!key) throw new UsageError(`Unknown setting "${given}". Known settings: ${KEYS.join(', ')}.`);
    if (isFlag(key)) {
      if (!/^(true|false)$/i.test(raw)) throw new UsageError(`${key}: "${raw}" is not true or false.`);
      changes[key] = raw.toLowerCase() === 'true';
    } else {
      if (!/^\d+$/.test(raw) || Number(raw) > MAX_CUTOFF_DAYS) throw new UsageError(`${key}: "${raw}" is not a whole number of days from 0 to ${MAX_CUTOFF_DAYS}.`);
      changes[key] = Number(raw);
    }
  }
  return changes;
}

export async function jobBoardCommand(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'settings') throw new UsageError(usageText('jobboard', JOBBOARD_USAGE));
  const { values } = parseArgs({ args: rest, options: { tenant: { type: 'string' }, set: { type: 'string', multiple: true } } });
  const tenantName = values.tenant ?? DEMO_TENANT;
  const changes = parseSettingChanges(values.set ?? []);
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    const db = connection.database.db;
    const tenantId = await tenantIdNamed(db, tenantName, config);
    const settings = Object.keys(changes).length ? await writeJobBoardSettings(db, tenantId, changes) : await readJobBoardSettings(db, tenantId);
    console.log(JSON.stringify(settings, null, 2));
    return 0;
  } finally {
    await connection.close();
  }
}
