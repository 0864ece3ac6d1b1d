// The worksite record: a customer's sites, kept under the customer (`/Customers/{id}/worksites`: list,
// create, read, PATCH), seen when the customer is. Its address is placed by the gazetteer on create
// and whenever a PATCH changes it, so the job board's radius search finds the orders there (their
// search rows follow the site: drizzle/0007). DELETE is not offered (405): orders and timecards name
// their worksite. Decision: docs/decisions/0036-worksites.md.
import { eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { DataScope } from '../../platform/scope.ts';
import { defineRecord, type Parent } from '../../platform/records/record.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { listReader, startsWith } from '../../platform/records/list.ts';
import { parentColumn, parentNode } from '../../platform/records/parent.ts';
import { nullable, opt, Timestamps } from '../../platform/records/shapes.ts';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import type { PatchContext, PatchTarget } from '../../platform/records/json-patch/target.ts';
import { AddressLines, CountryCode, PostalCode, regionOf } from '../reference-data/address.schemas.ts';
import { countryCodeRule } from '../reference-data/countries.ts';
import { placeAddress, type Placement } from '../gazetteer/gazetteer.address.ts';
import { customers } from '../customers/customer.table.ts';
import { customerRecord } from '../customers/customer.record.ts';
import { worksites } from './worksite.table.ts';
import { worksiteCatalog } from './worksite.patch-catalog.ts';

// --- Request and response shapes ---

const WorksiteCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  ...AddressLines,
  region: opt(regionOf()),
  postalCode: opt(PostalCode),
  countryCode: opt({ ...CountryCode, description: 'ISO 3166 numeric; default: the customer\'s country.' }),
});
type WorksiteCreateInput = Static<typeof WorksiteCreate>;

/** Where the gazetteer placed the site, and when. */
const Placed = {
  latitude: nullable(Type.Number({ description: 'Null when the gazetteer could not place the address: the site is then in no radius search.' })),
  longitude: nullable(Type.Number()),
  dateAddressStandardized: nullable(Type.String({ format: 'date-time', description: 'When the gazetteer placed the address; null when it could not.' })),
};

const WorksiteRecord = Type.Object({
  worksiteId: Type.Integer(),
  customerId: Type.Integer(),
  ...catalogProperties(worksiteCatalog),
  ...Placed,
  ...Timestamps,
});

const WorksiteListItem = Type.Object({
  worksiteId: Type.Integer(),
  customerId: Type.Integer(),
  ...catalogProperties(worksiteCatalog),
  latitude: Placed.latitude,
  longitude: Placed.longitude,
});

// --- The address, placed ---

/** The address fields the gazetteer reads: a PATCH of any of them places the site again. */
const PLACED_BY = ['municipality', 'region', 'postalCode', 'countryCode'];

/** The columns a placement writes. */
function placedColumns(placement: Placement) {
  const { at } = placement;
  return {
    municipality: placement.municipality, region: placement.region, postalCode: placement.postalCode,
    latitude: at?.latitude ?? null, longitude: at?.longitude ?? null, dateAddressStandardized: at ? new Date() : null,
  };
}

// --- Data access ---

/** The site's customer: its parent, seen by the caller (the engine checked). */
const parent: Parent = { record: customerRecord, column: worksites.customerId };

async function createWorksite(scope: DataScope, input: WorksiteCreateInput, customerId?: number): Promise<number> {
  if (customerId === undefined) throw new Error('a worksite is created under its customer');
  // The engine checked that the caller sees the customer.
  const [customer] = await scope.select(customers, { countryCode: customers.countryCode }, 'tenant').where(eq(customers.id, customerId));
  const countryCode = input.countryCode ?? customer!.countryCode;
  const placement = await placeAddress(scope.reference, { municipality: input.municipality, region: input.region, postalCode: input.postalCode, countryCode });
  const [row] = await scope.insert(worksites, {
    customerId, name: input.name, street1: input.street1 ?? null, street2: input.street2 ?? null, countryCode,
    ...placedColumns(placement),
  }).returning({ id: worksites.id });
  return row!.id;
}

const SELECT = `r.id as "worksiteId", r.customer_id as "customerId", ${catalogSelect(worksiteCatalog)}, r.latitude, r.longitude`;

/** One worksite, seen when its customer is. */
const getWorksite = byIdReader({
  table: 'worksites', key: 'worksiteId', schema: WorksiteRecord, hier: parentNode(parent),
  select: `${SELECT}, r.date_address_standardized as "dateAddressStandardized", r.created_at as "createdAt", r.updated_at as "updatedAt"`,
});

/** One customer's worksites, by name. */
const listWorksites = listReader({
  table: 'worksites', item: WorksiteListItem, hier: parentNode(parent), parent: parentColumn(parent), select: SELECT,
  filters: { name: startsWith('r.name', Type.String({ minLength: 1, maxLength: 100, description: 'Worksite names starting with this (any case).' })) },
  order: 'r.name, r.id',
});

/** One placement per PATCH: the check (validate) and the write (after) share it. */
const placements = new WeakMap<PatchContext, Promise<Placement>>();
const placementOf = (ctx: PatchContext) => {
  let placement = placements.get(ctx);
  if (!placement) {
    const { municipality, region, postalCode, countryCode } = ctx.next;
    placement = placeAddress(ctx.scope.reference, { municipality: text(municipality), region: text(region), postalCode: text(postalCode), countryCode: Number(countryCode) });
    placements.set(ctx, placement);
  }
  return placement;
};
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const movesAddress = (ctx: PatchContext) => [...ctx.changes.keys()].some((f) => PLACED_BY.includes(f.json));

export const worksitePatchTarget: PatchTarget = {
  catalog: worksiteCatalog,
  table: worksites,
  what: 'The worksite',
  rules: { countryCode: countryCodeRule },
  // A new address the gazetteer contradicts is refused (400 naming postalCode) before anything is written.
  validate: async (ctx) => { if (movesAddress(ctx)) await placementOf(ctx); },
  // The site placed again: its city and region as the gazetteer spells them, and its coordinates.
  after: async (ctx) => {
    if (!movesAddress(ctx)) return [];
    const columns = placedColumns(await placementOf(ctx));
    const where = eq(worksites.id, ctx.id);
    const [before] = await ctx.scope.select(worksites, { latitude: worksites.latitude, longitude: worksites.longitude, municipality: worksites.municipality,
      region: worksites.region, postalCode: worksites.postalCode }).where(where);
    await ctx.scope.update(worksites, columns).where(where);
    return (['municipality', 'region', 'postalCode', 'latitude', 'longitude'] as const).filter((k) => before![k] !== columns[k]);
  },
};

// --- The definition ---

export const worksiteRecord = defineRecord({
  name: 'Worksite',
  idType: 'Int32',
  idParam: 'worksiteId',
  parent,
  create: {
    summary: 'Add a worksite to the customer: its address is standardized and placed by the gazetteer (job board radius search); one it contradicts answers 400.',
    body: WorksiteCreate,
    run: createWorksite,
  },
  list: { summary: 'The customer\'s worksites, by name.', reader: listWorksites },
  read: { summary: 'One worksite of the customer: its address and where the gazetteer placed it.', reader: getWorksite },
  patch: { note: 'A changed address is placed again (400 when the gazetteer contradicts it).', target: worksitePatchTarget },
  // The API description's example (decision 0052).
  example: {
    worksiteId: 318, customerId: 2042, name: 'North plant', street1: '1 Industrial Way', municipality: 'Minneapolis', region: 'MN', postalCode: '55413',
    countryCode: 840, latitude: 45.0012, longitude: -93.2271, createdAt: '2026-01-05T14:20:00.000Z', updatedAt: '2026-01-05T14:20:00.000Z',
  },
});
