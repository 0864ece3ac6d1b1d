// Tables of the platform: tenants, their hierarchy, branches, service reps, API credentials and the
// lookup lists (datalists). Resource tables live beside their resource (drizzle-kit finds them by file
// name: drizzle.config.ts). `tenant_id` leads every key so the data can be distributed by tenant.
import { sql } from 'drizzle-orm';
import {
  pgTable, integer, smallint, text, boolean, timestamp, uuid, jsonb, customType, primaryKey, foreignKey, index, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, hierId, tenantId, tenantKey } from './columns.ts';

/** PostgreSQL `ltree`: the materialized path of a hierarchy node (`1.4.7`). */
export const ltree = customType<{ data: string }>({ dataType: () => 'ltree' });
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The name used in `acr_values` (`tenant:<name>`) and in public addresses. */
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  createdAt: createdAt(),
  /** Requests a minute per credential of the tenant; null: API_QUOTA_PER_MINUTE (decision 0046, `staffing quota`). */
  apiQuotaPerMinute: integer('api_quota_per_minute'),
});

export const hierarchyNodes = pgTable('hierarchy_nodes', {
  ...tenantKey(),
  parentId: integer('parent_id'),
  path: ltree('path').notNull(),
  name: text('name').notNull(),
  canCreateEmployees: boolean('can_create_employees').notNull().default(true),
  canInsertMasterData: boolean('can_insert_master_data').notNull().default(true),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }),
  foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
  index('hierarchy_nodes_path').using('gist', t.path),
]);

/** Reference table (not per tenant): ISO 3166 countries, loaded from a maintained package. */
export const countries = pgTable('countries', {
  countryCode: integer('country_code').primaryKey(),
  alpha2: text('alpha2').notNull().unique(),
  alpha3: text('alpha3').notNull(),
  name: text('name').notNull(),
  /** The name without accents, lower case: sorts the same on every server collation. */
  sortKey: text('sort_key').notNull(),
  callingCode: integer('calling_code').notNull(),
});

export const branches = pgTable('branches', {
  ...tenantKey(),
  hierId: hierId(),
  name: text('name').notNull(),
  /** Orders of a web-public branch may appear on the public job board. */
  isWebPublic: boolean('is_web_public').notNull().default(true),
  countryCode: integer('country_code').notNull().references(() => countries.countryCode),
  isActive: boolean('is_active').notNull().default(true),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  index('branches_hier').on(t.tenantId, t.hierId),
]);

export const securityGroups = pgTable('security_groups', {
  ...tenantKey(),
  name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const serviceReps = pgTable('service_reps', {
  ...tenantKey(),
  hierId: hierId(),
  securityGroupId: integer('security_group_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  emailAddress: text('email_address'),
  isActive: boolean('is_active').notNull().default(true),
  /** Sign-in at the login server (authorization code flow): unique per tenant, case-insensitive. */
  username: text('username'),
  /** Argon2id (PHC string); null: the rep cannot sign in interactively. */
  passwordHash: text('password_hash'),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  foreignKey({ columns: [t.tenantId, t.securityGroupId], foreignColumns: [securityGroups.tenantId, securityGroups.id] }),
  index('service_reps_hier').on(t.tenantId, t.hierId),
  uniqueIndex('service_reps_username').on(t.tenantId, sql`lower(${t.username})`),
]);

/**
 * Account keys (Basic master keys) and personal access tokens. Only the SHA-256 of the secret is
 * stored. The SID is random; it is not unique per se in the schema (tenant_id leads every unique
 * constraint) but 128 random bits make a collision practically impossible.
 */
export const apiCredentials = pgTable('api_credentials', {
  ...tenantKey(),
  sid: text('sid').notNull(),
  secretHash: bytea('secret_hash').notNull(),
  kind: text('kind', { enum: ['account', 'personal'] }).notNull(),
  name: text('name').notNull(),
  serviceRepId: integer('service_rep_id').notNull(),
  scopes: text('scopes').array().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('api_credentials_sid').on(t.tenantId, t.sid),
  index('api_credentials_sid_lookup').on(t.sid),
  foreignKey({ columns: [t.tenantId, t.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
]);

/** The application instances of a tenant: the `pid` of `acr_values` (`tenant:<name> pid:<id>`). */
export const productInstances = pgTable('product_instances', {
  tenantId: tenantId(),
  id: text('id').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }),
]);

/**
 * OAuth clients of the login server, each registered for one tenant and product instance. Only the
 * SHA-256 of the secret is stored (the secret is 256 random bits); public clients (PKCE, no secret)
 * have none. A client with the service grant acts as its service rep.
 */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  tenantId: tenantId(),
  productInstanceId: text('product_instance_id').notNull(),
  name: text('name').notNull(),
  secretHash: bytea('secret_hash'),
  grants: text('grants').array().notNull(),
  scopes: text('scopes').array().notNull(),
  redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'`),
  serviceRepId: integer('service_rep_id'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  foreignKey({ columns: [t.tenantId, t.productInstanceId], foreignColumns: [productInstances.tenantId, productInstances.id] }),
  foreignKey({ columns: [t.tenantId, t.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  index('oauth_clients_tenant').on(t.tenantId),
]);

/**
 * The login server's signing keys (private JWKs). The newest active key signs; a rotated-out key
 * stays published (JWKS) until the tokens it signed have expired (`retiredAt` + token lifetime).
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

// ---- Datalists ---------------------------------------------------------------------------------

export const orderTypes = pgTable('order_types', {
  ...tenantKey(), name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const messageActions = pgTable('message_actions', {
  ...tenantKey(), name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

/** Which message actions a security group may use. */
export const securityGroupMessageActions = pgTable('security_group_message_actions', {
  tenantId: tenantId(),
  securityGroupId: integer('security_group_id').notNull(),
  messageActionId: integer('message_action_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.securityGroupId, t.messageActionId] }),
  foreignKey({ columns: [t.tenantId, t.securityGroupId], foreignColumns: [securityGroups.tenantId, securityGroups.id] }),
  foreignKey({ columns: [t.tenantId, t.messageActionId], foreignColumns: [messageActions.tenantId, messageActions.id] }),
]);

export const employmentCategories = pgTable('employment_categories', {
  tenantId: tenantId(), id: uuid('id').notNull().default(sql`gen_random_uuid()`), name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const washedStatuses = pgTable('washed_statuses', {
  tenantId: tenantId(), id: smallint('id').notNull(), name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const howHeardOf = pgTable('how_heard_of', {
  ...tenantKey(),
  name: text('name').notNull(),
  /** 1 Employee, 2 Contact, 3 Customer: which kind of record the option is asked of. */
  originTypeId: smallint('origin_type_id').notNull(),
  requireDetails: boolean('require_details').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const employeeStatuses = pgTable('employee_statuses', {
  tenantId: tenantId(),
  /** A short code (`A`, `I`, ...): the spec types employeeStatusId as a string. */
  id: text('id').notNull(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);
