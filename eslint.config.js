// ESLint (flat config): typescript-eslint's recommended rules for every workspace, React's hooks rules for the web.
// `npm run lint`; `npm test` runs it (scripts/test.mjs) before the suites.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', 'e2e/screenshots/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // rows and answers of the generic engine are untyped JSON in places: allowed where written, not silently
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // XML and input sanitising match control characters on purpose
      'no-control-regex': 'off',
      // full-width spaces are text in Chinese labels and print layouts
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true, skipRegExps: true }],
      // flags deliberate resets (a page released for the collector, a default before a switch)
      'no-useless-assignment': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
