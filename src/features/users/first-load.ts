// The queries of the user page's tables, in one place so that the page and the prefetch that
// starts them (on "Find", or before React renders a load of the page) ask for exactly the same keys.
import type { QueryClient } from '@tanstack/react-query';
import { knownUser } from '#api/known-users.ts';
import { membershipQueries } from '#api/memberships.ts';
import { takeQueries } from '#api/takes.ts';
import { userQueries } from '#api/users.ts';
import { readListSearch, type ListSearchOptions } from '#lib/list-search.ts';
import { productIdsOf } from './take-summary.ts';

/** Where each table keeps its state in the URL (`groups.page`, `takes.product`, ...); 10 rows by default, like every table. */
export const listOptions = {
  groups: { prefix: 'groups' },
  takes: { prefix: 'takes', filterKeys: ['product'] },
} satisfies Record<string, ListSearchOptions>;
/** The user's groups the page asks POST /user/grp for: it names the rows of the groups table, and its 404 says that the user does not exist. */
const GROUP_NAMES_LIMIT = 100;

const range = (page: number, pageSize: number) => ({ start: (page - 1) * pageSize, limit: pageSize });

export function userGroupsQuery(userId: number) {
  return userQueries.groups(userId, { start: 0, limit: GROUP_NAMES_LIMIT });
}

export function userMembershipsQuery(userId: number, page: number, pageSize: number) {
  return membershipQueries.list({ ...range(page, pageSize), filters: { user_grp_user_id: String(userId) } });
}

export function userTakesQuery(userId: number, page: number, pageSize: number, productId: string) {
  return takeQueries.forUser(userId, {
    ...range(page, pageSize),
    filters: productId ? { take_product_id: productId } : {},
  });
}

/**
 * Starts every request of the user page as `search` (the URL's) shows it, product titles
 * included, and its profile when the user's identifier is known.
 */
export function prefetchUserPage(queryClient: QueryClient, userId: number, search = new URLSearchParams()): void {
  const groups = readListSearch(search, listOptions.groups);
  const takes = readListSearch(search, listOptions.takes);
  const identifier = knownUser(userId)?.user_organisation_identifier;
  if (identifier) void queryClient.prefetchQuery(userQueries.byIdentifier(identifier));
  void queryClient.prefetchQuery(userGroupsQuery(userId));
  void queryClient.prefetchQuery(userMembershipsQuery(userId, groups.page, groups.pageSize));
  void queryClient.prefetchQuery(takeQueries.allForUser(userId));
  void queryClient.fetchQuery(userTakesQuery(userId, takes.page, takes.pageSize, takes.filters.product ?? '')).then(
    async (page) => {
      const { productTitleQuery } = await import('./product-title-query.ts');
      productIdsOf(page.result).forEach((id) => void queryClient.prefetchQuery(productTitleQuery(id)));
    },
    () => undefined, // the page shows the error when it asks again
  );
}
