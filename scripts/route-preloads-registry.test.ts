// The build reads the route registry as text to name each page's code in its HTML
// (server/web/route-preload-map.ts): every page of the registry must be read, with the module it
// really loads and whether it is signed out, or a page would silently lose its preloads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryPages } from '../server/web/route-preload-map.ts';
import { pageEntries } from '../src/app/route-registry.ts';

const root = join(import.meta.dirname, '..');
const { pages, layout } = registryPages(readFileSync(join(root, 'src/app/route-registry.ts'), 'utf8'));

describe('the route registry as the build reads it', () => {
  it('finds every page whose code is a chunk of its own (the login page is in the entry), signed out as the registry says', () => {
    const inEntry = ['login'];
    expect([...pages.keys()]).toEqual(pageEntries.map((entry) => entry.key).filter((key) => !inEntry.includes(key)));
    for (const entry of pageEntries.filter((page) => pages.has(page.key)))
      expect(pages.get(entry.key)?.signedOut, entry.key).toBe(entry.signedOut === true);
  });

  it("finds modules that exist, the shell's too", () => {
    for (const [key, { module }] of pages) expect(existsSync(join(root, module)), `${key}: ${module}`).toBe(true);
    expect(layout).toBe('src/app/layout.tsx');
  });
});
