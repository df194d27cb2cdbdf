// The page's code named in its HTML: which files a page gets from the build's manifest, how an
// address finds its page, and the served index.html with and without the signed-in hint.
import { Hono } from 'hono';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registryPages, routePreloads, type Manifest } from './route-preload-map.ts';
import { matchesPattern, preloadsFor, withPreloads, type RoutePreload } from './route-preloads.ts';
import { staticFiles } from './static-files.ts';
import { makeDist } from './test-dist.ts';

const registrySource = `
export const pageRoutes = {
  home: { page: lazyPage(() => import('./overview-page.tsx'), 'OverviewPage') },
  login: { page: lazyPage(async () => loginPage, 'LoginPage'), signedOut: true },
  groups: {
    page: lazyPage(() => import('../features/groups/groups-page.tsx'), 'GroupsPage'),
    start: ({ queryClient, search }) => startGroupsPage(queryClient, search),
  },
  invitation: {
    page: lazyPage(() => import('../features/auth/invitation-page.tsx'), 'InvitationPage'),
    signedOut: true,
  },
} satisfies Record<keyof typeof routes, PageRoute>;
export const layoutPage = lazyPage(() => import('./layout.tsx'), 'Layout');
`;

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_query.js': { file: 'assets/query.js', imports: ['_shared.js'] },
  'src/app/overview-page.tsx': { file: 'assets/overview.js', imports: ['index.html', '_query.js'] },
  'src/app/layout.tsx': { file: 'assets/layout.js', imports: ['_shared.js'], css: ['assets/layout.css'] },
  'src/features/groups/groups-page.tsx': {
    file: 'assets/groups-page.js',
    imports: ['_query.js'],
    css: ['assets/groups.css'],
  },
  'src/features/groups/groups-table.tsx': { file: 'assets/groups-table.js', imports: ['_query.js', '_table.js'] },
  '_table.js': { file: 'assets/table.js', css: ['assets/table.css'] },
  'src/features/auth/invitation-page.tsx': { file: 'assets/invitation.js', imports: ['_shared.js'] },
};

describe('the route-preload map, at build time', () => {
  const registry = registryPages(registrySource);

  it("reads each lazily loaded page of the registry, and the shell's module", () => {
    expect(Object.fromEntries(registry.pages)).toEqual({
      home: { module: 'src/app/overview-page.tsx', signedOut: false },
      groups: { module: 'src/features/groups/groups-page.tsx', signedOut: false },
      invitation: { module: 'src/features/auth/invitation-page.tsx', signedOut: true },
    });
    expect(registry.layout).toBe('src/app/layout.tsx');
  });

  it("gives a page its chunks and the shell's, none the entry loads; a signed-out page no shell; a view its own", () => {
    expect(routePreloads(manifest, registry)).toEqual([
      {
        pattern: '/',
        scripts: ['/assets/overview.js', '/assets/query.js', '/assets/layout.js'],
        styles: ['/assets/layout.css'],
      },
      {
        pattern: '/groups',
        scripts: ['/assets/groups-page.js', '/assets/query.js', '/assets/layout.js'],
        styles: ['/assets/groups.css', '/assets/layout.css'],
        views: [
          {
            param: 'view',
            value: 'table',
            scripts: ['/assets/groups-table.js', '/assets/table.js'],
            styles: ['/assets/table.css'],
          },
        ],
      },
      { pattern: '/invitation', scripts: ['/assets/invitation.js'], styles: [] },
    ]);
  });

  it('fails the build for a module the manifest does not have', () => {
    const { 'src/app/layout.tsx': _gone, ...withoutLayout } = manifest;
    expect(() => routePreloads(withoutLayout, registry)).toThrow('src/app/layout.tsx is not in the build');
  });
});

describe('finding the page of an address', () => {
  it('matches as the router does: one segment per parameter, a trailing slash, any case', () => {
    expect(matchesPattern('/groups/:id', '/groups/12')).toBe(true);
    expect(matchesPattern('/groups/:id', '/groups/12/')).toBe(true);
    expect(matchesPattern('/groups', '/Groups')).toBe(true);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/groups/:id', '/groups/')).toBe(false);
    expect(matchesPattern('/groups/:id', '/groups/12/progress')).toBe(false);
    expect(matchesPattern('/groups', '/groupsx')).toBe(false);
  });

  const map = routePreloads(manifest, registryPages(registrySource));
  const at = (address: string) => preloadsFor(map, new URL(address, 'http://dashboard.test'));

  it("adds a view's files only when the address asks for it, and nothing for an address of no page", () => {
    expect(at('/groups').scripts).not.toContain('/assets/groups-table.js');
    expect(at('/groups?view=table&size=50').scripts).toContain('/assets/groups-table.js');
    expect(at('/groups?view=table').styles).toContain('/assets/table.css');
    expect(at('/nowhere')).toEqual({ scripts: [], styles: [] });
    expect(at('/login')).toEqual({ scripts: [], styles: [] });
  });

  it('puts the links at the end of the head, with the crossorigin mode of the imports that use them', () => {
    const html =
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>';
    expect(withPreloads(html, { scripts: ['/assets/a.js'], styles: ['/assets/a.css'] })).toBe(
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/a.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/a.css"></head><body></body></html>',
    );
    expect(withPreloads(html, { scripts: [], styles: [] })).toBe(html);
  });
});

describe('index.html as the server sends it', () => {
  const dist = makeDist();
  afterAll(() => dist.remove());
  const map: RoutePreload[] = [
    { pattern: '/groups/:id', scripts: ['/assets/group.js'], styles: ['/assets/group.css'] },
  ];
  writeFileSync(join(dist.dir, '.vite', 'route-preloads.json'), JSON.stringify(map));
  const app = new Hono().get('*', staticFiles(dist.dir));
  const page = (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

  it("names the page's files for a browser that has signed in", async () => {
    const response = await page('/groups/4', 'theme=dark; lp-signed-in=1');
    const html = await response.text();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/group.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/group.css">');
  });

  it('reads the map again after a rebuild, and sends the HTML as it is now', async () => {
    const file = join(dist.dir, '.vite', 'route-preloads.json');
    const rebuilt: RoutePreload[] = [{ pattern: '/groups/:id', scripts: ['/assets/group-new.js'], styles: [] }];
    try {
      writeFileSync(file, JSON.stringify(rebuilt));
      utimesSync(file, new Date(), new Date(Date.now() + 60_000));
      const html = await (await page('/groups/4', 'lp-signed-in=1')).text();
      expect(html).toContain('href="/assets/group-new.js"');
      expect(html).not.toContain('href="/assets/group.js"');
    } finally {
      writeFileSync(file, JSON.stringify(map));
      utimesSync(file, new Date(), new Date(Date.now() + 120_000));
    }
  });

  it('names nothing on a first visit, nor for an address of no page', async () => {
    expect(await (await page('/groups/4')).text()).not.toContain('modulepreload');
    expect(await (await page('/nowhere', 'lp-signed-in=1')).text()).not.toContain('modulepreload');
  });

  it('serves the plain page from a build without the map', async () => {
    const plain = makeDist();
    try {
      const response = await new Hono()
        .get('*', staticFiles(plain.dir))
        .request('/groups/4', { headers: { Cookie: 'lp-signed-in=1' } });
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain('modulepreload');
    } finally {
      plain.remove();
    }
  });
});
