import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/resources/tables.ts',
  out: './drizzle',
});
