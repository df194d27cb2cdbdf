// The layer rules of eslint.config.js can fail: each snippet below imports across a boundary the
// way a careless change would, and ESLint, with the project's own config, must refuse it.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });
});

/** The errors of `rule` ESLint reports for `code` as if it were the file `file` (which need not exist). */
async function errorsOf(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const layerErrors = (file: string, code: string) => errorsOf('boundaries/dependencies', file, code);

// Real files of each layer, so that the imports resolve.
const targets = {
  feature: 'src/features/users/user-page.tsx',
  app: 'src/app/messages.ts',
  components: 'src/components/not-found.tsx',
  session: 'src/session/session.tsx',
  domain: 'src/domain/bulk-import.ts',
  api: 'src/api/errors.ts',
  lib: 'src/lib/i18n.tsx',
  server: 'server/test/portal-servers.ts',
  e2e: 'e2e/support/page-list.ts',
};
type Layer = keyof typeof targets;

/** A module that imports `specifier` and uses it. */
const importing = (specifier: string) => `import * as probe from '${specifier}';\nexport const used = probe;\n`;
const importOf = (to: Layer) => importing(join(root, targets[to]));

const refused: [string, string, Layer][] = [
  ['a feature imports another feature', 'src/features/groups/probe.tsx', 'feature'],
  ['a feature imports the app', 'src/features/auth/probe.tsx', 'app'],
  ['the API layer imports a feature', 'src/api/probe.ts', 'feature'],
  ['the API layer imports a component', 'src/api/probe.ts', 'components'],
  ['the API layer imports the app', 'src/api/probe.ts', 'app'],
  ['the API layer imports the portal server', 'src/api/probe.ts', 'server'],
  ['the API layer imports the domain', 'src/api/probe.ts', 'domain'],
  ['the domain imports a feature', 'src/domain/probe.ts', 'feature'],
  ['the domain imports a component', 'src/domain/probe.ts', 'components'],
  ['the domain imports the session', 'src/domain/probe.ts', 'session'],
  ['the domain imports the app', 'src/domain/probe.ts', 'app'],
  ['the domain imports the portal server', 'src/domain/probe.ts', 'server'],
  ['a component imports a feature', 'src/components/probe.tsx', 'feature'],
  ['a component imports the app', 'src/components/probe.tsx', 'app'],
  ['the session imports a component', 'src/session/probe.tsx', 'components'],
  ['lib imports the API layer', 'src/lib/probe.ts', 'api'],
  ['lib imports a component', 'src/lib/probe.ts', 'components'],
  ['lib imports a feature', 'src/lib/probe.ts', 'feature'],
  ['lib imports the session', 'src/lib/probe.ts', 'session'],
  ['lib imports the app', 'src/lib/probe.ts', 'app'],
  ['lib imports the domain', 'src/lib/probe.ts', 'domain'],
  ['the server imports a feature', 'server/portal/probe.ts', 'feature'],
  ['the server imports a component', 'server/portal/probe.ts', 'components'],
  ['the server imports the app', 'server/portal/probe.ts', 'app'],
  ['a server test imports a feature', 'server/hardening/probe.test.ts', 'feature'],
  ['a benchmark imports a feature', 'bench/probe.ts', 'feature'],
  ['an end-to-end spec imports the app', 'e2e/probe.spec.ts', 'app'],
  ['an end-to-end spec imports a feature', 'e2e/probe.spec.ts', 'feature'],
  ['a script (not a test) imports the app', 'scripts/probe.ts', 'app'],
];

describe('the layers of eslint.config.js', () => {
  it.each(refused)('fail when %s', async (_, file, to) => {
    expect(await layerErrors(file, importOf(to))).toHaveLength(1);
  });

  it('check type-only imports, dynamic imports and re-exports too', async () => {
    const path = join(root, targets.feature);
    const file = 'src/features/groups/probe.tsx';
    expect(
      await layerErrors(file, `import type { UserPage } from '${path}';\nexport type T = typeof UserPage;\n`),
    ).toHaveLength(1);
    expect(await layerErrors(file, `export const load = () => import('${path}');\n`)).toHaveLength(1);
    expect(await layerErrors(file, `export { UserPage } from '${path}';\n`)).toHaveLength(1);
  });

  it('let each layer import the ones below it', async () => {
    const allowed: [string, Layer[]][] = [
      ['src/app/probe.tsx', ['feature', 'session', 'components', 'domain', 'api', 'lib']],
      ['src/features/groups/probe.tsx', ['session', 'components', 'domain', 'api', 'lib']],
      ['src/session/probe.tsx', ['domain', 'api', 'lib']],
      ['src/components/probe.tsx', ['domain', 'api', 'lib']],
      ['src/domain/probe.ts', ['api', 'lib']],
      ['src/api/probe.ts', ['lib']],
      ['server/portal/probe.ts', ['domain', 'api', 'lib']],
      ['bench/probe.ts', ['server', 'domain', 'api']],
      // Tests of the dashboard run against the real portal server.
      ['src/api/probe.test.ts', ['server']],
      ['e2e/probe.spec.ts', ['server', 'api', 'lib']],
      // The consistency checks compare the route registry with the sweeps' list.
      ['scripts/probe.test.ts', ['app', 'lib', 'e2e']],
    ];
    for (const [file, layers] of allowed) {
      for (const to of layers) expect(await layerErrors(file, importOf(to)), `${file} -> ${to}`).toEqual([]);
    }
  });

  it('let a feature import its own files', async () => {
    expect(await layerErrors('src/features/users/probe.tsx', importOf('feature'))).toEqual([]);
  });

  // The aliases of package.json's "imports" resolve to the layer they point into, so an aliased
  // import is judged like a relative one (the error names that layer), and one that points nowhere
  // is refused, not let through.
  it.each([
    ['the API layer imports the domain through #domain', 'src/api/probe.ts', '#domain/bulk-import.ts', 'domain'],
    [
      'the domain imports a component through #components',
      'src/domain/probe.ts',
      '#components/not-found.tsx',
      'components',
    ],
    [
      'the server imports a component through #components',
      'server/portal/probe.ts',
      '#components/not-found.tsx',
      'components',
    ],
    ['lib imports the API layer through #schemas', 'src/lib/probe.ts', '#schemas/grp.ts', 'api'],
  ])('fail when %s', async (_, file, specifier, layer) => {
    expect(await layerErrors(file, importing(specifier))).toEqual([
      expect.stringContaining(`elements of type "${layer}"`),
    ]);
  });

  it('fail when an alias points at no file', async () => {
    expect(await layerErrors('src/features/groups/probe.tsx', importing('#domain/no-such-module.ts'))).toHaveLength(1);
  });

  it('let aliased imports through where the layers allow them', async () => {
    const allowed: [string, string][] = [
      ['src/features/groups/probe.tsx', '#domain/group-search.ts'],
      ['src/features/groups/probe.tsx', '#api/groups.ts'],
      ['src/features/groups/probe.tsx', '#components/not-found.tsx'],
      ['src/features/groups/probe.tsx', '#session/session.tsx'],
      ['src/domain/probe.ts', '#schemas/grp.ts'],
      ['src/domain/probe.ts', '#lib/csv.ts'],
      ['server/portal/probe.ts', '#domain/progress-gathering.ts'],
      ['bench/probe.ts', '#domain/bulk-import.ts'],
    ];
    for (const [file, specifier] of allowed) {
      expect(await layerErrors(file, importing(specifier)), `${file} -> ${specifier}`).toEqual([]);
    }
  });

  it('keep React out of the domain and React hooks out of the API layer', async () => {
    const restricted = (file: string, names: string, from: string) =>
      errorsOf('no-restricted-imports', file, `import { ${names} } from '${from}';\nexport const used = [${names}];\n`);
    expect(await restricted('src/domain/probe.ts', 'useState', 'react')).toHaveLength(1);
    expect(await restricted('src/domain/probe.ts', 'queryOptions', '@tanstack/react-query')).toHaveLength(1);
    expect(await restricted('src/api/probe.ts', 'useSyncExternalStore', 'react')).toHaveLength(1);
    expect(await restricted('src/api/probe.ts', 'useQuery', '@tanstack/react-query')).toHaveLength(1);
    // Query factories stay in the API layer.
    expect(await restricted('src/api/probe.ts', 'queryOptions, QueryClient', '@tanstack/react-query')).toEqual([]);
  });
});
