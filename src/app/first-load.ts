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
import { validateToken } from '../api/token.ts';
import { startGroupPage, startGroupsPage } from '../features/groups/first-load.ts';
import { startMembershipPage } from '../features/memberships/first-load.ts';
import { startProductPage } from '../features/products/first-load.ts';
import { startTakePage } from '../features/takes/first-load.ts';
import { prefetchUserPage } from '../features/users/user-page-queries.ts';
import { routes } from '../lib/paths.ts';
import { parseRecordId } from '../lib/record-id.ts';
import { readToken } from '../lib/token-storage.ts';
import type { StartedCheck } from '../session/session.tsx';
import type { LazyPage } from './lazy-page.tsx';
import { pages } from './pages.ts';

interface Visit {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

interface FirstLoad {
  path: string;
  page: LazyPage;
  /** Starts the page's first requests; may return more code to wait for (a view loaded apart). */
  start?: (visit: Visit) => Promise<void> | void;
}

/** For a page of one record: `:id` read as the page reads it, then `start` with it. */
const withId = (start: (queryClient: QueryClient, id: number, search: URLSearchParams) => void) => (visit: Visit) => {
  const id = parseRecordId(visit.params.id);
  if (id !== null) start(visit.queryClient, id, visit.search);
};

// The signed-in routes of router.tsx.
const firstLoads: FirstLoad[] = [
  { path: routes.home, page: pages.overview },
  { path: routes.groups, page: pages.groups, start: ({ queryClient, search }) => startGroupsPage(queryClient, search) },
  { path: routes.group, page: pages.group, start: withId(startGroupPage) },
  { path: routes.groupProgress, page: pages.groupProgress },
  { path: routes.users, page: pages.users },
  { path: routes.user, page: pages.user, start: withId(prefetchUserPage) },
  { path: routes.take, page: pages.take, start: withId(startTakePage) },
  { path: routes.products, page: pages.products },
  { path: routes.product, page: pages.product, start: withId(startProductPage) },
  {
    path: routes.addMember,
    page: pages.addMember,
    start: ({ queryClient, search }) => startMembershipPage(queryClient, search),
  },
  {
    path: routes.importMembers,
    page: pages.importMembers,
    start: ({ queryClient, search }) => startMembershipPage(queryClient, search),
  },
  { path: routes.history, page: pages.history },
];

/**
 * The queries started here are the page's own first requests: if one fails before the page
 * mounts, the page shows that failure (with its "Try again") instead of asking once more on
 * mount (React Query's retryOnMount), as it would not have asked twice itself. Each query's
 * override ends when its first observer (the page) subscribes.
 */
function askedOnceByThePage(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache();
  const started = new Set(cache.getAll().map((query) => query.queryHash));
  if (started.size === 0) return;
  for (const query of cache.getAll()) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  const stop = cache.subscribe((event) => {
    if (event.type !== 'observerAdded' || !started.delete(event.query.queryHash)) return;
    queryClient.setQueryDefaults(event.query.queryKey, {});
    if (started.size === 0) stop();
  });
}

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
    .map((load) => ({ load, match: matchPath(load.path, location.pathname) }))
    .find(({ match }) => match !== null);
  if (route?.match) {
    const visit = { queryClient, params: route.match.params, search: new URLSearchParams(location.search) };
    const moreCode = route.load.start?.(visit);
    askedOnceByThePage(queryClient);
    const check = session;
    session = Promise.all([check, pages.layout.preload(), route.load.page.preload(), moreCode]).then(() => check);
  }
  // SessionProvider handles a refusal; it ignores this check if the token changed meanwhile.
  session.catch(() => undefined);
  return { token, session };
}
