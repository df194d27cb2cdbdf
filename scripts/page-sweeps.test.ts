// The accessibility (axe in both themes) and 375 px phone sweeps (e2e/sweep-pages.spec.ts) visit
// the addresses of e2e/support/page-list.ts: a page added to the route registry and missing from
// that list, or listed at an address its route does not match, would go unswept without a word.
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { demoFacts } from '../server/seed/facts.ts';
import { pageRoutes, type PageRoute } from '../src/app/route-registry.ts';
import { pageSamples, sweptPages } from '../e2e/support/page-list.ts';

describe('the sweeps of every routed page', () => {
  it('sweep every page of the route registry, and only those', () => {
    const swept = new Set(sweptPages.flatMap((page) => (page.route ? [page.route] : [])));
    expect([...swept].sort()).toEqual(Object.keys(pageRoutes).sort());
  });

  it('visit each page at an address its pattern matches', () => {
    for (const page of sweptPages.filter((swept) => swept.route)) {
      const address = new URL(page.url(demoFacts), 'http://dashboard.test');
      expect(matchPath(page.pattern, address.pathname), `${page.name}: ${address.pathname}`).not.toBeNull();
    }
  });

  it('visit the "no such page" address no route matches', () => {
    const notFound = sweptPages.filter((page) => !page.route);
    expect(notFound).toHaveLength(1);
    const pathname = new URL(notFound[0]!.url(demoFacts), 'http://dashboard.test').pathname;
    const matched = sweptPages.filter((page) => page.route && matchPath(page.pattern, pathname));
    expect(matched).toEqual([]);
  });

  it('sweep signed out exactly the pages the registry serves signed out', () => {
    const signedOut = (Object.keys(pageRoutes) as (keyof typeof pageRoutes)[]).filter(
      (key) => (pageRoutes[key] as PageRoute).signedOut,
    );
    const sweptSignedOut = Object.entries(pageSamples).flatMap(([key, entry]) =>
      'signedOut' in entry && entry.signedOut ? [key] : [],
    );
    expect(sweptSignedOut).toEqual(signedOut);
  });
});
