// The products the query cache holds, kept up to date from cache events: the catalogue reads
// what its rows loaded without a thousand query observers (those made each load cost a
// re-render over every id). Listeners hear at most once per frame.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { productQueries } from '#api/products.ts';
import type { Product } from '#schemas/product.ts';

const detailPrefix = [...productQueries.all(), 'detail'] as const;

function createLoadedProducts(client: QueryClient) {
  const products = new Map<number, Product>();
  const listeners = new Set<() => void>();
  let version = 0;
  let scheduled = 0;

  const read = (key: readonly unknown[]) => {
    const id = key[2];
    if (key[0] !== detailPrefix[0] || key[1] !== detailPrefix[1] || typeof id !== 'number') return;
    const product = client.getQueryData(productQueries.detail(id).queryKey);
    if (product) products.set(id, product);
    else products.delete(id);
  };
  const notify = () => {
    if (scheduled) return;
    scheduled = requestAnimationFrame(() => {
      scheduled = 0;
      version += 1;
      for (const listener of listeners) listener();
    });
  };

  for (const query of client.getQueryCache().findAll({ queryKey: detailPrefix })) read(query.queryKey);
  return {
    products,
    getVersion: () => version,
    subscribe(listener: () => void) {
      listeners.add(listener);
      const unsubscribe = client.getQueryCache().subscribe((event) => {
        if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'removed') {
          read(event.query.queryKey);
          notify();
        }
      });
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
  };
}

/** The loaded products by id, and a number that changes whenever that map does. */
export function useLoadedProducts(): { products: ReadonlyMap<number, Product>; version: number } {
  const client = useQueryClient();
  const store = useMemo(() => createLoadedProducts(client), [client]);
  const version = useSyncExternalStore(store.subscribe, store.getVersion);
  return { products: store.products, version };
}
