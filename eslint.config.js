import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    rules: {
      // src/web, seen from src/server/** (the server's own features/web is fine).
      'no-restricted-imports': ['error', { patterns: ['../web/**', '../../../web/**', '../../../../web/**'] }],
    },
  },
);
