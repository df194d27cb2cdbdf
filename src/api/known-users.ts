// Users the dashboard has looked up during this session, by id, so that member lists, takes and
// forms can show a name next to a user id (the API has no "get user by id").
import * as z from 'zod/mini';
import { readUserData, writeUserData } from '#lib/user-data-storage.ts';
import type { User } from './schemas/user.ts';

const knownUserSchema = z.object({
  user_id: z.int(),
  firstname: z.nullable(z.string()),
  lastname: z.nullable(z.string()),
  user_organisation_identifier: z.nullable(z.string()),
});
export type KnownUser = z.infer<typeof knownUserSchema>;

const storageKey = 'known-users';
let known = new Map<number, KnownUser>();
const listeners = new Set<() => void>();

function load(): void {
  const parsed = z.array(knownUserSchema).safeParse(readUserData(storageKey, 'session'));
  known = new Map(parsed.success ? parsed.data.map((user) => [user.user_id, user]) : []);
}
load();

/** Many at once (a bulk import resolves hundreds): one copy, one write, one notification. */
export function rememberUsers(users: readonly User[]): void {
  if (users.length === 0) return;
  const next = new Map(known);
  for (const user of users) {
    next.set(user.user_id, {
      user_id: user.user_id,
      firstname: user.firstname,
      lastname: user.lastname,
      user_organisation_identifier: user.user_organisation_identifier,
    });
  }
  known = next;
  writeUserData(storageKey, [...known.values()], 'session');
  for (const listener of listeners) listener();
}

/** "Forget this person": this session stops naming them too. */
export function forgetKnownUser(userId: number): void {
  if (!known.has(userId)) return;
  known = new Map(known);
  known.delete(userId);
  writeUserData(storageKey, [...known.values()], 'session');
  for (const listener of listeners) listener();
}

/** Re-reads storage, e.g. after sign out cleared it. */
export function reloadKnownUsers(): void {
  load();
  for (const listener of listeners) listener();
}

/** Calls `listener` at every change (useKnownUser, src/components/use-person.ts, re-renders with it). */
export function subscribeKnownUsers(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function knownUser(userId: number): KnownUser | undefined {
  return known.get(userId);
}

export function displayName(user: Pick<KnownUser, 'firstname' | 'lastname'>): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ');
}
