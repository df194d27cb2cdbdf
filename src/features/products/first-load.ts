// What the product page shows first, asked for before it renders (src/app/first-load.ts) with
// the query keys and URL state the page itself uses, so that its queries find it started.
import type { QueryClient } from '@tanstack/react-query';
import type { ListParams } from '#api/list.ts';
import { productQueries } from '#api/products.ts';
import { readListSearch, type ListSearchOptions } from '#lib/list-search.ts';

/** The availability table's state in the URL: `groups.page`, `groups.size`. */
export const availabilitySearch = { prefix: 'groups' } satisfies ListSearchOptions;

export function availabilityParams(
  productId: number,
  { page, pageSize }: { page: number; pageSize: number },
): ListParams {
  return {
    start: (page - 1) * pageSize,
    limit: pageSize,
    filters: { availability_group_product_id: String(productId) },
  };
}

/** /products/:id: the product, the field definitions that lay it out, and its availability groups. */
export function startProductPage(queryClient: QueryClient, productId: number, search: URLSearchParams): void {
  void queryClient.prefetchQuery(productQueries.detail(productId));
  void queryClient.prefetchQuery(productQueries.definition());
  void queryClient.prefetchQuery(
    productQueries.availability(availabilityParams(productId, readListSearch(search, availabilitySearch))),
  );
}
