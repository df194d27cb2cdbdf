import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettierConfig from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // bench/peers/react-admin builds against its own dependencies, installed only by `npm run bench:peers`.
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'test-results',
      'playwright-report',
      'playwright',
      '.*/**',
      'bench/peers/react-admin',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  layers(),
  ...reactFree(),
  {
    // Plain scripts served as they are (loaded before the app to apply theme and language).
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Plain Node scripts that must run before anything is compiled (npm start, the server build).
    files: ['scripts/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Command-line programs, benchmarks and test servers print their results.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // Last: formatting is Prettier's alone (npm run lint checks it), so no style rule may disagree with it.
  prettierConfig,
);

/**
 * The layers, as docs/architecture.md draws them: each may import only the ones listed, so an
 * arrow pointing the wrong way fails the lint. Within one element (one feature, one layer)
 * imports are free. scripts/eslint-layers.test.ts breaks each rule on purpose.
 */
function layers() {
  const element = (type) => ({ to: { element: { type } } });
  const may = (from, ...to) => ({ from: { element: { type: from } }, allow: to.map(element) });
  return {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      // The aliases of package.json's "imports" (#api/..., #domain/...), then relative paths: an
      // aliased import is checked against the layer it points into, like a relative one.
      'import/resolver': { [join(import.meta.dirname, 'scripts/eslint-subpath-imports.js')]: {}, node: {} },
      // Folders from the project's root; src/main.tsx, the entry that mounts the app, is in none.
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'session', pattern: 'src/session', partialMatch: false },
        { type: 'components', pattern: 'src/components', partialMatch: false },
        { type: 'domain', pattern: 'src/domain', partialMatch: false },
        { type: 'api', pattern: 'src/api', partialMatch: false },
        { type: 'lib', pattern: 'src/lib', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
        { type: 'bench', pattern: 'bench', partialMatch: false },
        { type: 'e2e', pattern: 'e2e', partialMatch: false },
        { type: 'scripts', pattern: 'scripts', partialMatch: false },
      ],
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // A file outside every layer (a new folder) may be imported by none.
          checkUnknownLocals: true,
          policies: [
            may('app', 'feature', 'session', 'components', 'domain', 'api', 'lib'),
            // Not another feature: what two features share moves down a layer.
            may('feature', 'session', 'components', 'domain', 'api', 'lib'),
            may('session', 'domain', 'api', 'lib'),
            may('components', 'domain', 'api', 'lib'),
            // The rules shared with the servers and benches: above the API layer, whose errors,
            // schemas and fetchers they use, and never imported by it.
            may('domain', 'api', 'lib'),
            may('api', 'lib'),
            // The portal server shares the API contract (src/api/schemas) and the domain's rules
            // (the progress gathering), nothing of the UI; generic helpers too (src/lib/csv.ts: one
            // CSV writer for the browser and the server).
            may('server', 'domain', 'api', 'lib'),
            may('bench', 'server', 'domain', 'api'),
            // The e2e specs read the route patterns (src/lib/paths.ts) to visit every page.
            may('e2e', 'server', 'api', 'lib'),
            // Tests of the dashboard run against the real portal server (server/test).
            { from: { file: { categories: 'test' } }, allow: element('server') },
            // The project's consistency checks compare the route registry with the e2e sweeps'
            // list (scripts/page-sweeps.test.ts).
            {
              from: { element: { type: 'scripts' }, file: { categories: 'test' } },
              allow: ['app', 'e2e', 'lib'].map(element),
            },
          ],
        },
      ],
    },
  };
}

/**
 * What the layer rules cannot say, since React is a package and not a layer: src/api (transport,
 * schemas, query factories) uses React Query's query options but no hook, and src/domain, which
 * the servers and benches run too, nothing of React. Hooks live in the features, src/components
 * and src/session. scripts/eslint-layers.test.ts breaks these rules too.
 */
function reactFree() {
  const react = [
    { name: 'react', message: 'No React here: a hook goes to the feature that uses it, or to src/components.' },
    { name: 'react-dom', message: 'No React here.' },
  ];
  return [
    {
      files: ['src/api/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: react,
            patterns: [
              {
                group: ['@tanstack/react-query'],
                importNamePattern: '^use',
                message: 'Query factories only here: the hook that runs them belongs to a feature or src/components.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['src/domain/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              ...react,
              { name: '@tanstack/react-query', message: 'The domain runs on the servers and benches too.' },
            ],
          },
        ],
      },
    },
  ];
}
