import { useQueries } from '@tanstack/react-query';
import { productTitle } from '#domain/product-title.ts';
import { productTitleQuery } from './product-title-query.ts';

/**
 * Titles of products by id. With `fetch`, missing ones are requested (in parallel); without,
 * only what the cache already holds is read (e.g. a long list of filter options).
 */
export function useProductTitles(ids: readonly number[], fetch: boolean): Map<number, string> {
  const results = useQueries({
    queries: ids.map((id) => ({ ...productTitleQuery(id), enabled: fetch })),
  });
  const titles = new Map<number, string>();
  for (const { data } of results) {
    const title = data && productTitle(data);
    if (data && title) titles.set(data.product_id, title);
  }
  return titles;
}
