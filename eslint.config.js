import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'recall-gate-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // What the Action prints or posts goes through src/action/publish.ts, which scrubs secrets.
    files: ['src/**/*.ts'],
    ignores: ['src/action/publish.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@actions/core', message: "import './publish.js' instead: it scrubs secrets from everything written" }] }],
    },
  },
);
