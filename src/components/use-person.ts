// Names for user ids, for any page that shows one: the people directory of the dashboard server
// (every administrator of the organisation, every session), else the users this session looked
// up, else nothing (the page shows "User 12"). Each cell asks for its own id; the requests of a
// page of rows go out as one POST /people/names (src/api/directory.ts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useDashboardServer } from './dashboard-server.ts';
import { refreshStalePerson } from '#api/directory-learning.ts';
import { directoryQueries } from '#api/directory.ts';
import { knownUser, subscribeKnownUsers, type KnownUser } from '#api/known-users.ts';
import type { Person } from '#schemas/directory.ts';

export type NamedUser = Pick<KnownUser, 'user_id' | 'firstname' | 'lastname' | 'user_organisation_identifier'>;

export interface DirectoryPerson {
  /** The directory's record; null when it does not know this user or there is no dashboard server. */
  person: Person | null;
  /** Still asking (whether the server is there, then the directory). */
  pending: boolean;
}

/** The directory's record of a user; a stale one is looked up again in the background. */
export function useDirectoryPerson(userId: number): DirectoryPerson {
  const queryClient = useQueryClient();
  const server = useDashboardServer();
  const query = useQuery({ ...directoryQueries.name(userId), enabled: server === 'available' && userId > 0 });
  const person = query.data ?? null;
  useEffect(() => {
    if (person?.stale) refreshStalePerson(queryClient, person);
  }, [queryClient, person]);
  return { person, pending: server === 'checking' || (server === 'available' && query.isPending) };
}

/** The user as this session's lookups know it (#api/known-users.ts), updated when they change. */
export function useKnownUser(userId: number): KnownUser | undefined {
  return useSyncExternalStore(subscribeKnownUsers, () => knownUser(userId));
}

/** Whom a user id names: the directory's record, else this session's lookups, else undefined. */
export function usePersonName(userId: number): NamedUser | undefined {
  const { person } = useDirectoryPerson(userId);
  const known = useKnownUser(userId);
  return person ?? known;
}
