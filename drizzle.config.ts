import { defineConfig } from 'drizzle-kit';

// The files drizzle-kit reads tables from, by name rather than by list: it loads each (TypeScript
// through its own loader) and takes the tables it exports, ignoring other exports. So a record's
// table in its `*.record.ts` is found without a line anywhere; test/architecture.test.ts fails for a
// table declared in a file no pattern names.
export const schema = ['./src/platform/db/schema.ts', './src/**/*.table.ts', './src/**/*.settings.ts', './src/**/*.record.ts'];

export default defineConfig({
  dialect: 'postgresql',
  schema,
  out: './drizzle',
});
