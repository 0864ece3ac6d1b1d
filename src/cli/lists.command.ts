// `staffing lists add|deactivate --tenant <name> --list <Name> --name <text> [--kind <k>] [--customer <id>]`:
// keeps a tenant's back-office lists (decision 0028), the values GET /Datalists/<Name> shows.
// Exit codes: 64 wrong usage, 65 refused input (unknown tenant, list or customer; a name already there or not there).
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { prepareDatabase } from '../resources/registry.ts';
import { addListEntry, deactivateListEntry, LIST_NAMES, ListEntryError } from '../resources/datalists/back-office.repository.ts';
import { NoTenantError, tenantIdNamed } from './tenant.ts';

export const LISTS_USAGE = `lists add|deactivate --tenant <name> --list <Name> --name <text> [--kind <kind>] [--customer <id>]
                          add an entry to a tenant's back-office list (or activate it again), or deactivate one
                          (records keep it; new values may not take it). Lists: ${LIST_NAMES.join(', ')};
                          TaxJurisdictions take --kind, PurchaseOrders --customer`;

const ACTIONS = { add: addListEntry, deactivate: deactivateListEntry };
const isAction = (action: string | undefined): action is keyof typeof ACTIONS => action === 'add' || action === 'deactivate';

interface Request { action: keyof typeof ACTIONS; tenant: string; list: string; name: string; kind?: string; customerId?: number }

const OPTIONS = { tenant: { type: 'string' }, list: { type: 'string' }, name: { type: 'string' }, kind: { type: 'string' }, customer: { type: 'string' } } as const;

/** The flags, or parseArgs' complaint (an unknown flag, a flag without its value). */
function flags(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS }).values;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** The request, or the usage problem as text. */
function parse(args: string[]): Request | string {
  const [action, ...rest] = args;
  if (!isAction(action)) return `Usage: staffing ${LISTS_USAGE}`;
  const values = flags(rest);
  if (typeof values === 'string') return values;
  const { tenant, list, kind, customer } = values;
  const name = values.name?.trim();
  if (!tenant || !list || !name) return `--tenant, --list and --name are required.\nUsage: staffing ${LISTS_USAGE}`;
  if (customer !== undefined && !(/^[1-9]\d*$/.test(customer) && Number.isSafeInteger(Number(customer)))) return '--customer must be a customer id (a positive whole number).';
  return { action, tenant, list, name, kind, customerId: customer === undefined ? undefined : Number(customer) };
}

export async function listsCommand(config: Config, args: string[]): Promise<number> {
  const request = parse(args);
  if (typeof request === 'string') {
    console.error(request);
    return 64;
  }
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    const db = connection.database.db;
    const tenantId = await tenantIdNamed(db, request.tenant, config);
    console.log(await ACTIONS[request.action](db, tenantId, request.list, request.name, { kind: request.kind, customerId: request.customerId }));
    return 0;
  } catch (e) {
    if (!(e instanceof ListEntryError || e instanceof NoTenantError)) throw e;
    console.error(e.message);
    return 65;
  } finally {
    await connection.close();
  }
}
