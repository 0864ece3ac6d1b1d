// `staffing lists add|deactivate --tenant <name> --list <Name> --name <text> [--kind <k>] [--customer <id>]`:
// keeps a tenant's back-office lists (decision 0028), the values GET /Datalists/<Name> shows.
// Refusals (wrong usage; an unknown tenant, list or customer; a name already there or not there) exit
// with the codes of every command (refusals.ts; listed in docs/operations.md).
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { addListEntry, deactivateListEntry, LIST_NAMES } from '../resources/datalists/back-office.repository.ts';
import { UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';
import { tenantIdNamed } from './tenant.ts';

const LIST_ARGS = '--tenant <name> --list <Name> --name <text> [--kind <kind>] [--customer <id>]';
export const LISTS_USAGE: CommandUsage = {
  add: {
    args: LIST_ARGS,
    does: `add an entry to a tenant's back-office list (or activate it again). Lists: ${LIST_NAMES.join(', ')};
           TaxJurisdictions take --kind, PurchaseOrders --customer`,
  },
  deactivate: { args: LIST_ARGS, does: 'deactivate an entry (records keep it; new values may not take it)' },
};

const ACTIONS = { add: addListEntry, deactivate: deactivateListEntry };
const isAction = (action: string | undefined): action is keyof typeof ACTIONS => action === 'add' || action === 'deactivate';

interface Request { action: keyof typeof ACTIONS; tenant: string; list: string; name: string; kind?: string; customerId?: number }

const OPTIONS = { tenant: { type: 'string' }, list: { type: 'string' }, name: { type: 'string' }, kind: { type: 'string' }, customer: { type: 'string' } } as const;

/** The request; wrong usage (an unknown action, a flag missing or malformed) is thrown. */
function parse(args: string[]): Request {
  const [action, ...rest] = args;
  if (!isAction(action)) throw new UsageError(usageText('lists', LISTS_USAGE));
  const { values } = parseArgs({ args: rest, options: OPTIONS });
  const { tenant, list, kind, customer } = values;
  const name = values.name?.trim();
  if (!tenant || !list || !name) throw new UsageError(`--tenant, --list and --name are required.\n${usageText('lists', LISTS_USAGE, action)}`);
  if (customer !== undefined && !(/^[1-9]\d*$/.test(customer) && Number.isSafeInteger(Number(customer)))) throw new UsageError('--customer must be a customer id (a positive whole number).');
  return { action, tenant, list, name, kind, customerId: customer === undefined ? undefined : Number(customer) };
}

export async function listsCommand(config: Config, args: string[]): Promise<number> {
  const request = parse(args);
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    const db = connection.database.db;
    const tenantId = await tenantIdNamed(db, request.tenant, config);
    console.log(await ACTIONS[request.action](db, tenantId, request.list, request.name, { kind: request.kind, customerId: request.customerId }));
    return 0;
  } finally {
    await connection.close();
  }
}
