// A signed-in load of a page, before React renders: the token check, the page's code and its
// first data all start at once, so the page shows after the slowest of the three rather than
// after their sum (each used to wait for the one before: check, then code, then data). The
// data goes into the React Query cache under the keys the page asks for, so the page's queries
// find it under way. Nothing is shown before the check passes: the session waits for it (and
// for the page's code, so that the page renders at once instead of behind a placeholder), and a
// refused token clears the cache and shows the login page. The code that knows each page's first
// queries is part of the entry: as a chunk of its own it cost a round trip before the data
// request (the token check answered first: two API round trips in sequence, not one).
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { validateToken } from '#api/token.ts';
import { askedOnceByThePage } from '#lib/asked-once.ts';
import { routes } from '#lib/paths.ts';
import { readToken } from '#lib/token-storage.ts';
import type { StartedCheck } from '#session/session.tsx';
import { layoutPage, pageEntries } from './route-registry.ts';

// The signed-in pages of the registry, each with what it starts (route-registry.ts).
const firstLoads = pageEntries.filter((entry) => !entry.signedOut);

/**
 * With a stored token: checks it, and for a signed-in page also loads its code and starts its
 * first requests. Returns the check for SessionProvider, or null without a token.
 */
export function startFirstLoad(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): StartedCheck | null {
  const token = readToken();
  if (!token) return null;
  let session = validateToken(token);
  const route = firstLoads
    .map((load) => ({ load, match: matchPath(routes[load.key], location.pathname) }))
    .find(({ match }) => match !== null);
  if (route?.match) {
    const visit = { queryClient, params: route.match.params, search: new URLSearchParams(location.search) };
    // The page's first requests, asked once (a failure before the page mounts is the page's to
    // show), those a start loads with its code included: the page mounts after moreCode.
    const moreCode = Promise.resolve(route.load.start?.(visit)).then(() =>
      askedOnceByThePage(queryClient, queryClient.getQueryCache().getAll()),
    );
    const check = session;
    session = Promise.all([check, layoutPage.preload(), route.load.page.preload(), moreCode]).then(() => check);
  }
  // SessionProvider handles a refusal; it ignores this check if the token changed meanwhile.
  session.catch(() => undefined);
  return { token, session };
}
