// Recently viewed users, so an administrator gets back to people fast. Kept as long as the token
// (this tab's sessionStorage, or localStorage with "Keep me signed in") and per organisation, so
// that one organisation's list never shows under another's sign-in; user-data-storage clears it
// on sign out with everything else about people.
import { useCallback, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import type { User } from '#schemas/user.ts';
import { useSession } from '#session/session.tsx';
import { isTokenRemembered } from '#lib/token-storage.ts';
import { readUserData, writeUserData, type Persistence } from '#lib/user-data-storage.ts';

const recentUserSchema = z.object({
  user_id: z.int(),
  firstname: z.nullable(z.string()),
  lastname: z.nullable(z.string()),
  user_organisation_identifier: z.nullable(z.string()),
  viewedAt: z.string(),
});
type RecentUser = z.infer<typeof recentUserSchema>;

/** Whose list, and for how long it is kept. */
export interface RecentUsersScope {
  orgId: number;
  persistence: Persistence;
}

export const maxRecentUsers = 8;

const storageKey = (scope: RecentUsersScope) => `recent-users.org-${scope.orgId}`;

export function readRecentUsers(scope: RecentUsersScope): RecentUser[] {
  const parsed = z.array(recentUserSchema).safeParse(readUserData(storageKey(scope), scope.persistence));
  return parsed.success ? parsed.data : [];
}

/** Puts the user first (once), keeping the list short. */
export function addRecentUser(scope: RecentUsersScope, user: User, now = new Date()): RecentUser[] {
  const entry: RecentUser = {
    user_id: user.user_id,
    firstname: user.firstname,
    lastname: user.lastname,
    user_organisation_identifier: user.user_organisation_identifier,
    viewedAt: now.toISOString(),
  };
  const next = [entry, ...readRecentUsers(scope).filter((u) => u.user_id !== user.user_id)].slice(0, maxRecentUsers);
  writeUserData(storageKey(scope), next, scope.persistence);
  return next;
}

/** "Forget this person" takes them off the list too. */
export function removeRecentUser(scope: RecentUsersScope, userId: number): void {
  const list = readRecentUsers(scope);
  const next = list.filter((u) => u.user_id !== userId);
  if (next.length !== list.length) writeUserData(storageKey(scope), next, scope.persistence);
}

function clearRecentUsers(scope: RecentUsersScope): void {
  writeUserData(storageKey(scope), [], scope.persistence);
}

/** The scope of the signed-in session; null before the session is known. */
export function useRecentUsersScope(): RecentUsersScope | null {
  const { state } = useSession();
  const orgId = state.status === 'signed-in' || state.status === 'expired' ? state.session.orgId : null;
  const persistence: Persistence = isTokenRemembered() ? 'local' : 'session';
  return useMemo(() => (orgId === null ? null : { orgId, persistence }), [orgId, persistence]);
}

/** The list as it is when the page opens, and a way to clear it. */
export function useRecentUsers(): { users: RecentUser[]; clear: () => void } {
  const scope = useRecentUsersScope();
  const [users, setUsers] = useState(() => (scope ? readRecentUsers(scope) : []));
  const clear = useCallback(() => {
    if (scope) clearRecentUsers(scope);
    setUsers([]);
  }, [scope]);
  return { users, clear };
}
