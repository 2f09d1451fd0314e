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
    // Tests hand the environment on to child processes and pick their database from it.
    files: [
      'src/server/config.ts',
      'vitest.config.ts',
      'scripts/**',
      'src/server/testing/**',
      '**/*.test.ts',
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
