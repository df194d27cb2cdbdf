import { useMutation, useQueryClient } from '@tanstack/react-query';
import { learnUsers } from '#api/directory-learning.ts';
import type { User } from '#schemas/user.ts';
import { userQueries } from '#api/users.ts';

/**
 * Looks a user up by organisation identifier through the query cache, so that the user page
 * reads the same entry instead of fetching it again, and teaches the name to other pages
 * (this session's and the people directory's).
 */
export function useFindUser(onFound: (user: User) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifier: string) => queryClient.fetchQuery(userQueries.byIdentifier(identifier)),
    onSuccess: (user) => {
      void learnUsers(queryClient, [user]);
      onFound(user);
    },
  });
}
