import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Resources in three layers (decision 0015): reference data < records < features. A resource imports
// its own layer and those below; every resource is in exactly one layer (the folders that are neither
// reference data nor records are features), and none imports a registry, the app, the CLI or the pages.
const REFERENCE_DATA = ['reference-data', 'gazetteer'];
const resourceFolders = readdirSync(new URL('./src/resources', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory()).map((d) => d.name);
// A folder holding a `*.record.ts` is a record's (a new record needs no line here); the listed ones are
// what records are made of.
const RECORD_PARTS = ['contact-methods', 'messages', 'assignment-restrictions', 'web-users'];
const RECORDS = [
  ...resourceFolders.filter((f) => readdirSync(new URL(`./src/resources/${f}`, import.meta.url)).some((n) => n.endsWith('.record.ts'))),
  ...RECORD_PARTS,
];
const REGISTRIES = ['src/resources/registry.ts', 'src/resources/catalogs.ts', 'src/resources/jobs.ts'];
const inFolders = (folders) => folders.map((f) => `src/resources/${f}/**/*.ts`);
const above = (folders, message) => ({ group: folders.flatMap((f) => [`**/resources/${f}/**`, `../${f}/**`]), message });

function resourceLayers() {
  const always = [
    { group: ['**/cli/**', '**/app.ts', '**/login/**'], message: 'Imports run down the layers: a resource never imports the app, the login server or the CLI.' },
    { group: ['**/registry.ts', '**/catalogs.ts', '**/resources/jobs.ts', '../jobs.ts'], message: 'The registries list resources; a resource never imports a registry.' },
    { group: ['**/web/**'], message: 'The pages sit above the resources and the platform: nothing below imports them.' },
  ];
  const features = (folder) => !REFERENCE_DATA.includes(folder) && !RECORDS.includes(folder);
  const layer = (files, patterns) => ({
    files, ignores: ['src/resources/**/*.test.ts', ...REGISTRIES],
    rules: { 'no-restricted-imports': ['error', { patterns: [...always, ...patterns] }] },
  });
  const featureFolders = resourceFolders.filter(features);
  return [
    layer(['src/resources/**/*.ts'], []),
    layer(inFolders(RECORDS), [above(featureFolders, 'Records sit below the features: a record never imports a feature (pass what it needs in, or move the shared part down).')]),
    layer(inFolders(REFERENCE_DATA), [above([...RECORDS, ...featureFolders], 'Reference data sits below the records and features: it imports neither.')]),
  ];
}

/** Syntax no source file uses (flat config: a later block's list replaces this one, so it repeats it). */
const SYNTAX = [{
        selector: "TSAsExpression > MemberExpression[object.name='request'][property.name=/^(body|query|params)$/]",
        message: 'Type the route through its schema (app.withTypeProvider<TypedRequests>(), platform/http/typed-requests.ts), never cast request.body/query/params.',
      }, {
        // Decision 0016: a public address never comes from what the caller sends (Host, X-Forwarded-*).
        selector: "MemberExpression[object.name=/^(request|req)$/][property.name=/^(host|hostname|protocol|port)$/]",
        message: 'Public addresses come from configuration (BASE_URL, AUTH_URL, JOBBOARD_URL), never from the request\'s Host or forwarded headers.',
      }, {
        selector: "MemberExpression[object.property.name='headers']:matches([property.value=/^(host|x-forwarded-(host|proto))$/i], [property.name='host'])",
        message: 'Public addresses come from configuration (BASE_URL, AUTH_URL, JOBBOARD_URL), never from the request\'s Host or forwarded headers.',
      }];

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'drizzle', 'coverage', 'bench/results', 'packages/*/dist'] },
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
      'no-restricted-syntax': ['error', ...SYNTAX],
    },
  },
  {
    // The scope is the only door to tenant data (src/platform/scope.ts): outside the platform, no
    // code takes a scope's raw handles (no file is exempt: issue 27 took the last ones through the door).
    files: ['src/**/*.ts'],
    ignores: ['src/platform/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...SYNTAX, {
        selector: "MemberExpression[property.name=/^(db|client)$/]:matches([object.name=/^(scope|tx)$/], [object.property.name='scope'])",
        message: 'Reach tenant data through the scope (scope.select/insert/update/delete/sql/named/reference), never its raw handle.',
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
  ...resourceLayers(),
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
