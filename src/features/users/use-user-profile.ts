import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { learnUsers } from '#api/directory-learning.ts';
import { userSchema } from '#schemas/user.ts';
import { useDirectoryPerson, useKnownUser, type NamedUser } from '#components/use-person.ts';
import { userQueries } from '#api/users.ts';
import { addRecentUser, useRecentUsersScope } from './recent-users.ts';

/**
 * The profile of a user reached by id. The API has no "get user by id": the profile comes from
 * an identifier lookup already in the query cache, or from the identifier the people directory
 * or this session's known users hold (one request, in parallel with the page's tables), or from
 * the form on the page.
 */
export function useUserProfile(userId: number) {
  const queryClient = useQueryClient();
  const known = useKnownUser(userId);
  const directory = useDirectoryPerson(userId);
  const recentScope = useRecentUsersScope();
  const identifier =
    known?.user_organisation_identifier ??
    directory.person?.user_organisation_identifier ??
    cachedIdentifier(queryClient, userId);
  const query = useQuery({ ...userQueries.byIdentifier(identifier ?? ''), enabled: identifier !== null });
  // An identifier can move to someone else: show a profile only when it is this user's.
  const user = query.data?.user_id === userId ? query.data : undefined;

  useEffect(() => {
    if (!user) return;
    void learnUsers(queryClient, [user]);
    if (recentScope) addRecentUser(recentScope, user);
  }, [user, recentScope, queryClient]);

  const named: NamedUser | undefined = known ?? directory.person ?? undefined;
  return {
    /** Whom the directory or this session says this is, before (or without) the profile. */
    named,
    /** The directory's record: "Forget this person" is offered when there is one. */
    person: directory.person,
    /** The directory may still give the identifier: the page waits before asking for it. */
    directoryPending: identifier === null && directory.pending,
    user,
    identifier,
    query,
  };
}

function cachedIdentifier(queryClient: QueryClient, userId: number): string | null {
  for (const [, data] of queryClient.getQueriesData({ queryKey: userQueries.identifiers() })) {
    const parsed = userSchema.safeParse(data);
    if (parsed.success && parsed.data.user_id === userId) return parsed.data.user_organisation_identifier;
  }
  return null;
}
