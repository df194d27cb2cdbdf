// Resolves an organisation identifier to a user as it is typed (debounced), and remembers each
// user found so other pages can name them by id (this session and the people directory).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '#api/errors.ts';
import { learnUsers } from '#api/directory-learning.ts';
import type { User } from '#schemas/user.ts';
import { userQueries } from '#api/users.ts';
import { identifierProblem } from '#domain/import-rows.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';

export type LookupState =
  | { kind: 'empty' }
  | { kind: 'searching'; identifier: string }
  | { kind: 'found'; identifier: string; user: User }
  | { kind: 'not-found'; identifier: string }
  | { kind: 'failed'; identifier: string; error: unknown; retry: () => void };

const lookupDelayMs = 300;

export function useUserLookup(identifier: string): LookupState {
  const trimmed = identifier.trim();
  const settled = useDebouncedValue(trimmed, lookupDelayMs);
  const enabled = settled !== '' && identifierProblem(settled) === null;
  const queryClient = useQueryClient();
  const query = useQuery({ ...userQueries.byIdentifier(settled), enabled });

  useEffect(() => {
    if (query.data) void learnUsers(queryClient, [query.data]);
  }, [query.data, queryClient]);

  if (trimmed === '' || identifierProblem(trimmed) !== null) return { kind: 'empty' };
  if (settled !== trimmed || query.isPending) return { kind: 'searching', identifier: trimmed };
  if (query.data) return { kind: 'found', identifier: trimmed, user: query.data };
  if (isApiError(query.error) && query.error.isNotFound) return { kind: 'not-found', identifier: trimmed };
  return { kind: 'failed', identifier: trimmed, error: query.error, retry: () => void query.refetch() };
}
