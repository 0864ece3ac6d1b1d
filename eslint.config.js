import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'drizzle', 'coverage', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Handlers are typed by the TypeBox type provider from their schemas (STYLE.md habit 15).
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "TSAsExpression > MemberExpression[object.name='request'][property.name=/^(body|query|params)$/]",
        message: 'Type the route through its schema (app.withTypeProvider<TypedRequests>(), platform/http/typed-requests.ts), never cast request.body/query/params.',
      }],
    },
  },
  {
    // Layers (README "What is where"): config < platform < resources (reference data, records,
    // features) < registry < app < cli. The platform holds no business rules: it never imports a resource.
    files: ['src/platform/**/*.ts'],
    ignores: ['src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/resources/**'], message: 'The platform holds no business rules: take what it needs as arguments or definitions.' },
        { group: ['**/web/**'], message: 'The pages sit above the resources and the platform: nothing below imports them.' },
        { group: ['**/cli/**', '**/app.ts', '**/login/**'], message: 'Imports run down the layers: the platform never imports the app, the login server or the CLI.' },
      ] }],
    },
  },
  {
    files: ['src/resources/**/*.ts'],
    ignores: ['src/resources/**/*.test.ts', 'src/resources/registry.ts', 'src/resources/catalogs.ts', 'src/resources/jobs.ts', 'src/resources/tables.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/cli/**', '**/app.ts', '**/login/**'], message: 'Imports run down the layers: a resource never imports the app, the login server or the CLI.' },
        { group: ['**/registry.ts', '**/catalogs.ts', '**/resources/jobs.ts', '**/resources/tables.ts'], message: 'The registries list resources; a resource never imports a registry.' },
        { group: ['**/web/**'], message: 'The pages sit above the resources and the platform: nothing below imports them.' },
      ] }],
    },
  },
  {
    // The login server is an app of its own beside the API: it may use resources (web users), but
    // nothing below it imports it.
    files: ['src/login/**/*.ts'],
    ignores: ['src/login/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/cli/**', '**/app.ts'], message: 'Imports run down the layers: the login server never imports the API app or the CLI.' },
      ] }],
    },
  },
  {
    // Page files (src/web/**/*.pages.ts) render and route; their data access lives in <area>.queries.ts
    // or the resources they use. The pages sit above the resources: nothing below imports them.
    files: ['src/web/**/*.pages.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Page files hold no queries: data access lives in <area>.queries.ts or a resource repository.' },
        { group: ['**/cli/**', '**/app.ts'], message: 'Imports run down the layers.' },
      ] }],
    },
  },
  {
    // Route files reach tenant data only through the request's scope and their repository (DESIGN.md, Data).
    files: ['src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/platform/db/database*'], message: 'Use the request scope (request.scope), never the raw database.' },
        { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Route files hold no queries: data access lives in the repository.' },
        { group: ['**/cli/**', '**/app.ts', '**/registry.ts'], message: 'Imports run down the layers.' },
      ] }],
    },
  },
);
