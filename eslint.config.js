// ESLint flat config. The engine boundary rule is the reason this file exists: src/engine/
// must stay a pure, deterministic TypeScript library (see docs/architecture.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const engineForbiddenModules = ['react', 'react-dom', 'react-dom/*', 'd3', 'd3-*', 'zustand', 'zustand/*', 'idb'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // IndexedDB is reached only through src/persistence/ (versioned DB, validation, errors).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/persistence/**', 'src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'idb', message: 'Use src/persistence/ instead of importing idb directly.' }] }],
    },
  },
  {
    // The checkpoint inspector's reader and folder logic run in the browser and in the CLI alike:
    // no Node APIs (the CLI in cli/ does the file system), no DOM, no UI or storage libraries.
    files: ['src/inspector/**/*.ts'],
    ignores: ['src/inspector/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'os', ...engineForbiddenModules], message: 'src/inspector/ is pure TypeScript shared by the browser and the CLI.' }] },
      ],
      'no-restricted-globals': ['error', ...['window', 'document', 'process', 'Buffer', 'require'].map((name) => ({ name, message: `src/inspector/ is pure TypeScript: '${name}' is not allowed here.` }))],
    },
  },
  {
    // The engine is pure: no UI, storage, DOM, wall clock or unseeded randomness.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: engineForbiddenModules,
              message: 'src/engine/ must not depend on UI or storage libraries.',
            },
            { group: ['**/persistence/**', '**/store/**', '**/views/**', '**/app/**'], message: 'src/engine/ must not import app layers.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'indexedDB', 'performance', 'requestAnimationFrame', 'setTimeout', 'setInterval', 'fetch'].map((name) => ({
          name,
          message: `src/engine/ is pure and deterministic: '${name}' is not allowed here.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the logical clock (state.nowMs).' },
        { object: 'Math', property: 'random', message: 'Use the seeded PRNG (core/rng).' },
        { object: 'performance', property: 'now', message: 'Use the logical clock (state.nowMs).' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'Use the logical clock (state.nowMs).' },
      ],
    },
  },
);
