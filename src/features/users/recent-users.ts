// Recently viewed users, kept on this device (localStorage) so an administrator gets back to
// people fast; user-data-storage clears it on sign out with everything else about people.
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import type { User } from '../../api/schemas/user.ts';
import { readUserData, writeUserData } from '../../lib/user-data-storage.ts';

const recentUserSchema = z.object({
  user_id: z.int(),
  firstname: z.nullable(z.string()),
  lastname: z.nullable(z.string()),
  user_organisation_identifier: z.nullable(z.string()),
  viewedAt: z.string(),
});
export type RecentUser = z.infer<typeof recentUserSchema>;

const storageKey = 'recent-users';
export const maxRecentUsers = 8;

export function readRecentUsers(): RecentUser[] {
  const parsed = z.array(recentUserSchema).safeParse(readUserData(storageKey, 'local'));
  return parsed.success ? parsed.data : [];
}

/** Puts the user first (once), keeping the list short. */
export function addRecentUser(user: User, now = new Date()): RecentUser[] {
  const entry: RecentUser = {
    user_id: user.user_id,
    firstname: user.firstname,
    lastname: user.lastname,
    user_organisation_identifier: user.user_organisation_identifier,
    viewedAt: now.toISOString(),
  };
  const next = [entry, ...readRecentUsers().filter((u) => u.user_id !== user.user_id)].slice(0, maxRecentUsers);
  writeUserData(storageKey, next, 'local');
  return next;
}

function clearRecentUsers(): void {
  writeUserData(storageKey, [], 'local');
}

/** The list as it is when the page opens, and a way to clear it. */
export function useRecentUsers(): { users: RecentUser[]; clear: () => void } {
  const [users, setUsers] = useState(readRecentUsers);
  const clear = useCallback(() => {
    clearRecentUsers();
    setUsers([]);
  }, []);
  return { users, clear };
}
