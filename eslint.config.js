import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Any climb into a folder named web: from src/server that is the web app (the server's own is features/web). */
const serverNeverImportsWeb = {
  regex: '^(\\.\\./)+web/',
  message: 'The server never imports the web app (src/web); share code through src/shared.',
};
const sqlOnlyInRepositories = {
  group: ['kysely', 'node:sqlite', 'pg'],
  message: 'SQL lives in repositories (*.repository.ts) and src/server/db/.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.tools/',
      'data/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      'bench/data/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts.',
        },
      ],
    },
  },
  {
    // The app's configuration and the tests' own (test-env.ts); the tooling around them; and the
    // one test that starts the real entry point with the environment it was given.
    files: [
      'src/server/config.ts',
      'src/server/testing/test-env.ts',
      'src/server/main.sqlite.test.ts',
      'vitest.config.ts',
      'scripts/**',
      'playwright.config.ts',
      'e2e/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  {
    files: ['e2e/**', 'playwright.config.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb, sqlOnlyInRepositories] }] },
  },
  {
    // Repositories, the database layer (migrations, bulk generation, backup) and the tests'
    // fixtures and invariant checks are where SQL is written.
    files: ['src/server/db/**', 'src/server/**/*.repository.ts', 'src/server/testing/**', 'src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb] }] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|web)/',
              message: 'src/shared is imported by the server and the web app, and imports neither.',
            },
          ],
        },
      ],
    },
  },
);
