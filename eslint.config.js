import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/importBoundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'test-output/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'mesh-kitchen': boundaries },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      'mesh-kitchen/import-boundaries': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // The core is deterministic (docs/design.md §3): no wall clock, no unseeded randomness, no timers.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded rng in shared/sim/rng.ts.' },
        { object: 'Date', property: 'now', message: 'The core must not read the clock.' },
        { object: 'performance', property: 'now', message: 'The core must not read the clock.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'The core has no timers.' },
        { name: 'setInterval', message: 'The core has no timers.' },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
