// The queries of the user page's tables, in one place so that the page and the prefetch that
// starts them on "Find" (while the page's code loads) ask for exactly the same keys.
import type { QueryClient } from '@tanstack/react-query';
import { membershipQueries } from '../../api/memberships.ts';
import { productQueries } from '../../api/products.ts';
import { takeQueries } from '../../api/takes.ts';
import { userQueries } from '../../api/users.ts';
import { productIdsOf } from './take-summary.ts';

export const pageSizes = { groups: 20, memberships: 10, takes: 10 } as const;
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
  return takeQueries.forUser(userId, { ...range(page, pageSize), filters: productId ? { take_product_id: productId } : {} });
}

export function productTitleQuery(productId: number) {
  return { ...productQueries.detail(productId), staleTime: productStaleTime };
}

/** Starts every request of the user page's first view, product titles included. */
export function prefetchUserPage(queryClient: QueryClient, userId: number): void {
  void queryClient.prefetchQuery(userGroupsQuery(userId, 1, pageSizes.groups));
  void queryClient.prefetchQuery(userMembershipsQuery(userId, 1, pageSizes.memberships));
  void queryClient.prefetchQuery(takeQueries.allForUser(userId));
  void queryClient.fetchQuery(userTakesQuery(userId, 1, pageSizes.takes, '')).then(
    (page) => productIdsOf(page.result).forEach((id) => void queryClient.prefetchQuery(productTitleQuery(id))),
    () => undefined, // the page shows the error when it asks again
  );
}
