// Recently viewed groups, for the overview: kept like the recently viewed users (as long as the
// token, per organisation, under the prefix that sign-out clears).
import { useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import type { Grp } from '#schemas/grp.ts';
import { isTokenRemembered } from '#lib/token-storage.ts';
import { readUserData, writeUserData, type Persistence } from '#lib/user-data-storage.ts';
import { useSession } from '#session/session.tsx';

const recentGroupSchema = z.object({ grp_id: z.int(), grp_name: z.string(), viewedAt: z.string() });
export type RecentGroup = z.infer<typeof recentGroupSchema>;

interface Scope {
  orgId: number;
  persistence: Persistence;
}

export const maxRecentGroups = 8;
const storageKey = (scope: Scope) => `recent-groups.org-${scope.orgId}`;

export function readRecentGroups(scope: Scope): RecentGroup[] {
  const parsed = z.array(recentGroupSchema).safeParse(readUserData(storageKey(scope), scope.persistence));
  return parsed.success ? parsed.data : [];
}

/** Puts the group first (once), keeping the list short. */
export function addRecentGroup(scope: Scope, group: Grp, now = new Date()): void {
  const entry: RecentGroup = { grp_id: group.grp_id, grp_name: group.grp_name, viewedAt: now.toISOString() };
  const rest = readRecentGroups(scope).filter((g) => g.grp_id !== group.grp_id);
  writeUserData(storageKey(scope), [entry, ...rest].slice(0, maxRecentGroups), scope.persistence);
}

function useScope(): Scope | null {
  const { state } = useSession();
  const orgId = state.status === 'signed-in' || state.status === 'expired' ? state.session.orgId : null;
  const persistence: Persistence = isTokenRemembered() ? 'local' : 'session';
  return useMemo(() => (orgId === null ? null : { orgId, persistence }), [orgId, persistence]);
}

/** Remembers `group` as viewed now. */
export function useRememberGroup(group: Grp): void {
  const scope = useScope();
  useEffect(() => {
    if (scope) addRecentGroup(scope, group);
  }, [scope, group]);
}

/** The list as it is when the page opens. */
export function useRecentGroups(): RecentGroup[] {
  const scope = useScope();
  const [groups] = useState(() => (scope ? readRecentGroups(scope) : []));
  return groups;
}
