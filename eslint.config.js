// One flat config for the whole monorepo. typescript-eslint's recommended set without type
// information keeps `eslint .` fast enough to run on every `npm test`; the React hooks rules
// (including the React Compiler checks of eslint-plugin-react-hooks 7), jsx-a11y and TanStack
// Query's rules apply to the web app only. The last blocks are the architecture's boundaries
// (decision 008): who may import whom, checked on every `npm run lint`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import blok from './scripts/eslint/owned-tables.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const foldersIn = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Web features (`apps/web/src/features/<name>`): a feature never imports another one; the route composes them. */
const webFeatures = foldersIn('apps/web/src/features');
/**
 * API folders (`apps/api/src/<name>`): none reaches into another one's repository; it asks that
 * feature's service. `plugins` is the composition root that wires repositories into services.
 */
const apiFolders = foldersIn('apps/api/src').filter((name) => name !== 'plugins');

/**
 * Queries that still name another feature's table (decision 020), each to be replaced by a call to
 * the owner's service. The list only shrinks: a new crossing fails `npm run lint`.
 */
export const TABLE_CROSSINGS = [
];

/** UI libraries: the shared packages run in the API too, and must stay free of them. */
const UI_LIBRARIES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-*', '@radix-ui/*', '@tanstack/*', 'i18next', 'i18next-*', 'workbox-*', 'vite', 'vite-*', '@testing-library/*'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.reports/**',
      '**/.tmp/**',
      'data/**',
      'apps/web/dev-dist/**',
      // the server renderers built for Node (vite.prerender.config.ts, decision 048)
      'apps/web/dist-server/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names mark deliberately unused parameters and destructured leftovers.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.flat.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our option labels wrap the control and a title span inside a body span: the text sits
      // three levels deep, one more than the rule looks by default.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { '@tanstack/query': pluginQuery },
    rules: { ...pluginQuery.configs['flat/recommended'][0].rules },
  },
  {
    // Playwright's page.evaluate callbacks run in the browser.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // ------------------------------------------------------------------ boundaries
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message: 'A web feature does not import another feature: compose them in the route (apps/web/src/app/routes), or move the shared piece to components/, hooks/ or lib/.',
            })),
            {
              target: ['apps/web/src/components', 'apps/web/src/hooks', 'apps/web/src/lib', 'apps/web/src/config'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'Shared web code flows one way: components, hooks, lib -> features -> app.',
            },
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'Shared web code flows one way: components, hooks, lib -> features -> app.',
            },
            {
              target: 'apps/web',
              from: ['apps/api', 'packages/db', 'packages/content'],
              message: 'The web app speaks to the API over HTTP through @blok/contract; it never imports the API, the database or the content loader.',
            },
            {
              target: 'apps/api/src/routes',
              from: 'packages/db',
              message: 'Routes speak HTTP and call one service; only repositories touch the database.',
            },
            ...apiFolders.map((folder) => ({
              target: `apps/api/src/${folder}`,
              from: apiFolders.filter((other) => other !== folder).map((other) => `apps/api/src/${other}/**/*repository.ts`),
              message: "An API feature does not use another feature's repository: call that feature's service (wired in plugins/services.ts).",
            })),
            {
              target: ['packages/contract', 'packages/domain'],
              from: ['apps', 'packages/db', 'packages/content'],
              message: 'contract and domain are shared by API and web: they import nothing from the apps, the database or the content.',
            },
            {
              target: 'packages/math',
              from: ['apps', 'packages/db', 'packages/content', 'packages/contract', 'packages/domain'],
              message: 'math (formulas, decision 044) is shared by the import and the web app: it imports only KaTeX and marked.',
            },
            {
              target: 'packages/domain',
              from: 'packages/contract',
              message: 'domain is the leaf: contract builds on domain, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // Decision 020: only a table's owner (packages/db/src/schema/<owner>.ts) names it in a query.
    files: ['apps/api/src/**/*.ts'],
    plugins: { blok },
    rules: {
      'blok/owned-tables': ['error', { root, schemaDir: join(root, 'packages/db/src/schema'), allowed: TABLE_CROSSINGS }],
    },
  },
  {
    // Name-based, so it holds for type-only imports and packages the resolver never opens.
    files: ['packages/contract/**/*.ts', 'packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: UI_LIBRARIES, message: 'contract and domain are shared with the API: no UI library (React, Radix, react-hook-form, TanStack, i18next…).' }] },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.\\.?/)', message: 'domain has no dependencies: plain functions over plain values, relative imports only.' }] },
      ],
    },
  },
);
