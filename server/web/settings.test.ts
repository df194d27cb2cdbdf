// Settings read at start-up: the CSP's connect-src for a portal called directly, the rebuild
// decision of `npm start`, and the embedded portal's environment.
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildIfStale, staleReason } from './build-if-stale.ts';
import { openEmbeddedPortal } from './embedded-portal.ts';
import { directPortalOrigins, metaPortalUrl } from './portal-origins.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { indexHtml, makeDist } from './test-dist.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function dist(portalUrl = '') {
  const made = makeDist(portalUrl);
  cleanups.push(made.remove);
  return made.dir;
}

describe('direct portal origins (CSP connect-src)', () => {
  it('reads the meta tag of the build', () => {
    expect(metaPortalUrl(indexHtml('https://portal.example/api/v2'))).toBe('https://portal.example/api/v2');
    expect(metaPortalUrl(indexHtml(''))).toBeUndefined();
  });

  it('allows the origins of the meta tag and VITE_PORTAL_API_URL, not relative paths', () => {
    expect(
      directPortalOrigins(dist('https://portal.example/api/v2'), {
        VITE_PORTAL_API_URL: 'https://cdn-portal.example:8443/x',
      }),
    ).toEqual(['https://portal.example', 'https://cdn-portal.example:8443']);
    expect(directPortalOrigins(dist('/api'), {})).toEqual([]);
    expect(directPortalOrigins(dist('javascript:alert(1)'), {})).toEqual([]);
  });

  it('puts them in connect-src and nowhere else', () => {
    const csp = contentSecurityPolicy({ connectOrigins: ['https://portal.example'] });
    expect(csp).toContain("connect-src 'self' https://portal.example;");
    expect(csp).toContain("script-src 'self';");
  });
});

describe('npm start rebuilds', () => {
  it('when there is no build', () => {
    expect(staleReason(dist(), join(dist(), 'nothing-here'), {})).toMatch(/^Building/);
  });

  it('when a source is newer than the build, or VITE_PORTAL_API_URL changed; not otherwise', () => {
    const root = dist();
    const out = dist();
    const old = Date.now() / 1000 - 3600;
    // Of the sources (src, public, index.html, ...), only index.html exists in this project.
    utimesSync(join(root, 'index.html'), old, old);
    writeFileSync(join(out, '.build-settings.json'), JSON.stringify({ VITE_PORTAL_API_URL: '' }));
    expect(staleReason(root, out, {})).toBeNull();
    expect(staleReason(root, out, { VITE_PORTAL_API_URL: 'https://portal.example' })).toMatch(/VITE_PORTAL_API_URL/);
    utimesSync(join(root, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    expect(staleReason(root, out, {})).toMatch(/Sources changed/);
  });
});

describe('npm start in a production install (no Vite to rebuild with)', () => {
  // A project folder of the temporary directory: no node_modules/vite above it.
  it('serves the build as it is, and only warns when it was made with another VITE_PORTAL_API_URL', async () => {
    const root = dist();
    const out = dist();
    writeFileSync(join(out, '.build-settings.json'), JSON.stringify({ VITE_PORTAL_API_URL: '' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    cleanups.push(() => warn.mockRestore());
    // Sources newer than the build: file times mean nothing after `npm prune`.
    utimesSync(join(root, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    await buildIfStale(root, out, {});
    expect(warn).not.toHaveBeenCalled();
    await buildIfStale(root, out, { VITE_PORTAL_API_URL: 'https://portal.example/api' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('another VITE_PORTAL_API_URL'));
  });

  it('refuses to start without a build, saying how to make one', async () => {
    await expect(buildIfStale(dist(), join(dist(), 'missing'), {})).rejects.toThrow(
      /no dashboard build in .*missing.*npm ci && npm run build/,
    );
  });
});

describe('the embedded portal', () => {
  it('gives a token of organisation 1 even in an empty database', () => {
    const portal = openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_SEED: 'none', PORTAL_TOKEN: 'fixed' });
    cleanups.push(() => portal.db.close());
    expect(portal.token).toBe('fixed');
  });

  it('refuses a token lifetime or seed it does not understand', () => {
    expect(() => openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_TOKEN_TTL: '10m' })).toThrow(/PORTAL_TOKEN_TTL/);
    expect(() => openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_SEED: 'huge' })).toThrow(/PORTAL_SEED/);
  });
});
