// Every table of the service, for drizzle-kit (migrations) and for queries.
export * from './schema.ts';
