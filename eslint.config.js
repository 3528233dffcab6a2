import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.node/**', 'data/**', 'common/src/schema.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    rules: {
      // Nest resolves constructor parameters by their runtime class: those imports must stay values.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // HTML reaches the page only through a sanitizer (the summary's goes through SummaryHtml).
    files: ['storefront/src/**/*.tsx', 'admin/src/**/*.tsx'],
    // admin/src/main.tsx re-shows index.html's own spinner, not content from anyone.
    ignores: ['storefront/src/rich-text/SummaryHtml.tsx', 'admin/src/main.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render rich text through a sanitizer (storefront: <SummaryHtml>).' },
      ],
    },
  },
  {
    files: ['scripts/**', '**/*.config.{js,ts}', 'backend/src/server.ts', 'backend/src/database/cli.ts', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
