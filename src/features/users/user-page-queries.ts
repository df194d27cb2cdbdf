// The queries of the user page's tables, in one place so that the page and the prefetch that
// starts them (on "Find", or before React renders a load of the page) ask for exactly the same keys.
import type { QueryClient } from '@tanstack/react-query';
import { knownUser } from '../../api/known-users.ts';
import { membershipQueries } from '../../api/memberships.ts';
import { productQueries } from '../../api/products.ts';
import { takeQueries } from '../../api/takes.ts';
import { userQueries } from '../../api/users.ts';
import { readListSearch, type ListSearchOptions } from '../../lib/list-search.ts';
import { productIdsOf } from './take-summary.ts';

const pageSizes = { groups: 20, memberships: 10, takes: 10 } as const;
/** Where each table keeps its state in the URL (`groups.page`, `takes.product`, ...). */
export const listOptions = {
  groups: { prefix: 'groups', defaultPageSize: pageSizes.groups },
  memberships: { prefix: 'memberships', defaultPageSize: pageSizes.memberships },
  takes: { prefix: 'takes', filterKeys: ['product'], defaultPageSize: pageSizes.takes },
} satisfies Record<string, ListSearchOptions>;
/** Product records change rarely; a title fetched once serves every table for a while. */
const productStaleTime = 10 * 60_000;

const range = (page: number, pageSize: number) => ({ start: (page - 1) * pageSize, limit: pageSize });

export function userGroupsQuery(userId: number, page: number, pageSize: number) {
  return userQueries.groups(userId, range(page, pageSize));
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

export function productTitleQuery(productId: number) {
  return { ...productQueries.detail(productId), staleTime: productStaleTime };
}

/**
 * Starts every request of the user page as `search` (the URL's) shows it, product titles
 * included, and its profile when the user's identifier is known.
 */
export function prefetchUserPage(queryClient: QueryClient, userId: number, search = new URLSearchParams()): void {
  const groups = readListSearch(search, listOptions.groups);
  const memberships = readListSearch(search, listOptions.memberships);
  const takes = readListSearch(search, listOptions.takes);
  const identifier = knownUser(userId)?.user_organisation_identifier;
  if (identifier) void queryClient.prefetchQuery(userQueries.byIdentifier(identifier));
  void queryClient.prefetchQuery(userGroupsQuery(userId, groups.page, groups.pageSize));
  void queryClient.prefetchQuery(userMembershipsQuery(userId, memberships.page, memberships.pageSize));
  void queryClient.prefetchQuery(takeQueries.allForUser(userId));
  void queryClient.fetchQuery(userTakesQuery(userId, takes.page, takes.pageSize, takes.filters.product ?? '')).then(
    (page) => productIdsOf(page.result).forEach((id) => void queryClient.prefetchQuery(productTitleQuery(id))),
    () => undefined, // the page shows the error when it asks again
  );
}
