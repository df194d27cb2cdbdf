// A product's title for the user page's takes, the same query for the page and its prefetch. Apart
// from first-load.ts, which loads it with import() once the takes came: the products' schemas stay
// out of the first page.
import { productQueries } from '#api/products.ts';

/** Product records change rarely; a title fetched once serves every table for a while. */
const productStaleTime = 10 * 60_000;

export function productTitleQuery(productId: number) {
  return { ...productQueries.detail(productId), staleTime: productStaleTime };
}
