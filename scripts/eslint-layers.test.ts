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

/** The layer errors ESLint reports for `code` as if it were the file `file` (which need not exist). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

// Real files of each layer, so that the imports resolve.
const targets = {
  feature: 'src/features/users/user-page.tsx',
  app: 'src/app/messages.ts',
  components: 'src/components/not-found.tsx',
  session: 'src/session/session.tsx',
  api: 'src/api/errors.ts',
  lib: 'src/lib/i18n.tsx',
  server: 'server/test/portal-servers.ts',
};
type Layer = keyof typeof targets;

const importOf = (to: Layer) => {
  const path = join(root, targets[to]);
  return `import * as probe from '${path}';\nexport const used = probe;\n`;
};

const refused: [string, string, Layer][] = [
  ['a feature imports another feature', 'src/features/groups/probe.tsx', 'feature'],
  ['a feature imports the app', 'src/features/auth/probe.tsx', 'app'],
  ['the API layer imports a feature', 'src/api/probe.ts', 'feature'],
  ['the API layer imports a component', 'src/api/probe.ts', 'components'],
  ['the API layer imports the app', 'src/api/probe.ts', 'app'],
  ['the API layer imports the portal server', 'src/api/probe.ts', 'server'],
  ['a component imports a feature', 'src/components/probe.tsx', 'feature'],
  ['a component imports the app', 'src/components/probe.tsx', 'app'],
  ['the session imports a component', 'src/session/probe.tsx', 'components'],
  ['lib imports the API layer', 'src/lib/probe.ts', 'api'],
  ['lib imports a component', 'src/lib/probe.ts', 'components'],
  ['lib imports a feature', 'src/lib/probe.ts', 'feature'],
  ['lib imports the session', 'src/lib/probe.ts', 'session'],
  ['lib imports the app', 'src/lib/probe.ts', 'app'],
  ['the server imports a feature', 'server/portal/probe.ts', 'feature'],
  ['the server imports a component', 'server/portal/probe.ts', 'components'],
  ['the server imports the app', 'server/portal/probe.ts', 'app'],
  ['a server test imports a feature', 'server/hardening/probe.test.ts', 'feature'],
  ['a benchmark imports a feature', 'bench/probe.ts', 'feature'],
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
      ['src/app/probe.tsx', ['feature', 'session', 'components', 'api', 'lib']],
      ['src/features/groups/probe.tsx', ['session', 'components', 'api', 'lib']],
      ['src/session/probe.tsx', ['api', 'lib']],
      ['src/components/probe.tsx', ['api', 'lib']],
      ['src/api/probe.ts', ['lib']],
      ['server/portal/probe.ts', ['api']],
      ['bench/probe.ts', ['server', 'api']],
      // Tests of the dashboard run against the real portal server.
      ['src/api/probe.test.ts', ['server']],
    ];
    for (const [file, layers] of allowed) {
      for (const to of layers) expect(await layerErrors(file, importOf(to)), `${file} -> ${to}`).toEqual([]);
    }
  });

  it('let a feature import its own files', async () => {
    expect(await layerErrors('src/features/users/probe.tsx', importOf('feature'))).toEqual([]);
  });
});
