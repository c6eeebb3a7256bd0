// The conventions a reviewer would otherwise hold in memory, held by the tools instead (issue 18):
// typed rules from typescript-eslint, the rules of hooks, import order, and the
// client's two walls: a feature never reaches into another feature, and the browser never imports
// server code. Prettier owns the layout (eslint-config-prettier turns off what would fight it).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each feature folder may import itself, the shared client code and src/shared; not its neighbours. */
const featureWalls = features.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`],
  message: 'A client feature does not import another feature: move what both need to src/client/lib or src/client/components.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'public/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.client.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // Without the TypeScript extensions and parser, import-x cannot follow a .ts import (its
    // duplicate and order rules then see only package names). Import cycles are dependency-
    // cruiser's (no-circular in .dependency-cruiser.cjs): it has the graph already, where
    // import-x/no-cycle took a fifth of the lint's time to rebuild it file by file.
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` is how we drop a field from an object by destructuring, or keep a parameter's place.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // An async method that implements an async interface keeps its throws as rejections even
      // when it awaits nothing; removing `async` to please the rule would change that.
      '@typescript-eslint/require-await': 'off',
      // Node-style callbacks hand over an untyped error; passing it on as it came is right.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index', 'type'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message:
                "Import useTranslation from src/client/i18n/use-translation: it is react-i18next's in the browser and a kept lookup on the server (issue 17).",
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureWalls,
            {
              target: './src/client',
              from: ['./src/modules', './src/common', './src/bootstrap', './src/config', './src/database'],
              message: 'The browser never imports server code: share it through src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/i18n/use-translation.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/modules', './src/common', './src/client', './src/bootstrap'],
              message: 'src/shared is imported by both sides and imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read answers whose type is `any` by their library's choice (supertest's body, a page's
    // evaluate) and assert their shape: that is the test's job, so the any-tracking rules stay off
    // there; jest's `expect(mock.method)` is not a call, so unbound-method is off too.
    files: ['test/**/*.ts', 'src/**/*.spec.ts', 'src/**/*.spec.tsx'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS where the tool loading it asks for it (jest's reporters).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
