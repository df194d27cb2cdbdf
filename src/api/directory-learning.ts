// Teaching the people directory what the dashboard receives, and keeping shown records fresh.
// Lookups through the dashboard server are saved by the server as they pass (/api is its proxy);
// a dashboard built to call a portal directly (VITE_PORTAL_API_URL, the portal-api-url meta tag)
// bypasses it, so it sends their identifiers to POST /people and the server looks them up itself
// (the directory takes only what the portal said, never a record from a browser).
import type { QueryClient } from '@tanstack/react-query';
import { apiConfig } from './config.ts';
import { dashboardServerThere } from './dashboard-status.ts';
import { directoryQueries, isDirectoryListing, learnPeople } from './directory.ts';
import { rememberUsers } from './known-users.ts';
import type { Person } from './schemas/directory.ts';
import type { User } from './schemas/user.ts';
import { userQueries } from './users.ts';

/** Whether portal calls go through the dashboard server's `/api` (which learns the users it passes). */
export function portalCallsPassServer(baseUrl = apiConfig.baseUrl, origin = window.location.origin): boolean {
  return new URL(baseUrl, origin).href.replace(/\/+$/, '') === `${origin}/api`;
}

/**
 * User records the dashboard received from the portal (a lookup, an import preview, a profile):
 * this session names them at once, the directory gets them for every administrator, and the
 * names shown for them are read again.
 */
export async function learnUsers(queryClient: QueryClient, users: readonly User[]): Promise<void> {
  if (users.length === 0) return;
  rememberUsers(users);
  if (!portalCallsPassServer()) {
    // A static host: nothing to teach.
    if (!(await dashboardServerThere(queryClient))) return;
    const identifiers = users.flatMap((user) =>
      user.user_organisation_identifier ? [user.user_organisation_identifier] : [],
    );
    try {
      if (identifiers.length > 0) await learnPeople([...new Set(identifiers)]);
    } catch {
      // Names still show in this session; the next lookup of these people tries again.
      return;
    }
  }
  await refreshDirectoryViews(queryClient, users);
}

async function refreshDirectoryViews(queryClient: QueryClient, users: readonly User[]): Promise<void> {
  const ids = new Set(users.map((user) => user.user_id));
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const [root, kind, id] = queryKey;
      if (root === directoryQueries.all()[0] && kind === 'name') return typeof id === 'number' && ids.has(id);
      return isDirectoryListing(queryKey);
    },
  });
}

// Stale records are looked up again one at a time, each once per page load: a table of stale
// names must not fire a burst of lookups at the portal.
const refreshed = new Set<number>();
let refreshQueue: Promise<void> = Promise.resolve();

/** Looks a stale record up again by its identifier (the lookup teaches the directory). */
export function refreshStalePerson(queryClient: QueryClient, person: Person): void {
  const identifier = person.user_organisation_identifier;
  if (!person.stale || identifier === null || refreshed.has(person.user_id)) return;
  refreshed.add(person.user_id);
  refreshQueue = refreshQueue.then(async () => {
    try {
      const options = userQueries.byIdentifier(identifier);
      await queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true, refetchType: 'none' });
      const user = await queryClient.fetchQuery(options);
      // An identifier can move to someone else: only this person's record refreshes theirs.
      if (user.user_id === person.user_id) await learnUsers(queryClient, [user]);
    } catch {
      // Not found or unreachable: the record stays as the portal last showed it.
    }
  });
}
