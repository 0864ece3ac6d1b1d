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
    // Route handlers reach tenant data only through the scoped context (DESIGN.md, Data).
    files: ['src/resources/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/platform/db/database*'], message: 'Use the request scope (request.scope), never the raw database.' }] }],
    },
  },
);
