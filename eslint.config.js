// ESLint for the whole monorepo: typescript-eslint's type-checked rules plus the rules that keep
// tbg's style honest (layers, explicit entries, short functions). Each package's `pnpm lint`
// runs `eslint .` in its own directory with this file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import tbg from './tools/eslint/tbg-rules.js';

/**
 * Functions over the length limit, each with the reason it stays whole. Keep this list short:
 * a long function is split into named steps unless reading it in one piece is clearer.
 */
const LONG_FUNCTION_EXCEPTIONS = [];

/** Tests, benchmarks and build scripts. */
const DEV_FILES = ['**/*.test.ts', '**/test-support/**', '**/bench/**', '**/scripts/**', '**/*.config.ts'];

/** Each package's public entries. */
const ENTRY_FILES = ['packages/*/src/index.ts', 'packages/*/src/node.ts', 'packages/*/src/browser.ts', 'tools/*/src/index.ts'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/src/gen/**', '**/coverage/**', '**/test-output/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { tbg },
    rules: {
      'tbg/layers': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // No `any` in source, so none leaks through a public signature.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // describe() blocks are long by nature; test data may be loosely typed JSON.
    files: DEV_FILES,
    rules: {
      'max-lines-per-function': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ENTRY_FILES, rules: { 'tbg/no-export-all': 'error' } },
  ...LONG_FUNCTION_EXCEPTIONS.map(({ files }) => ({ files, rules: { 'max-lines-per-function': 'off' } })),
);
