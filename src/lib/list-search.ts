// Table state lives in the URL: page, page size and `equal` filters. Back, forward, reload and a
// shared link land on the same view. Bad values fall back to defaults instead of failing.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

const positiveInt = (fallback: number) => z.catch(z.coerce.number().check(z.int(), z.positive()), fallback);

export interface ListSearch {
  page: number;
  pageSize: number;
  filters: Record<string, string>;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setFilters: (filters: Record<string, string>) => void;
}

/**
 * @param filterKeys the URL parameters that are filters (e.g. `grp_external_id`).
 * @param prefix distinguishes two tables on one page (`members.page`, `takes.page`).
 */
export function useListSearch({ filterKeys = [], defaultPageSize = 10, prefix = '' }: { filterKeys?: readonly string[]; defaultPageSize?: number; prefix?: string } = {}): ListSearch {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const pageKey = key('page');
  const sizeKey = key('size');

  const page = positiveInt(1).parse(params.get(pageKey) ?? undefined);
  const pageSize = Math.min(1000, positiveInt(defaultPageSize).parse(params.get(sizeKey) ?? undefined));
  const filterString = filterKeys.map((name) => `${name}=${params.get(key(name)) ?? ''}`).join('&');
  const filters = useMemo(
    () => Object.fromEntries(filterKeys.map((name) => [name, params.get(key(name)) ?? ''] as const).filter(([, value]) => value !== '')),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filterString captures the values
    [filterString],
  );

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      }),
    [setParams],
  );

  return {
    page,
    pageSize,
    filters,
    setPage: (next) => update({ [pageKey]: next <= 1 ? null : String(next) }),
    setPageSize: (next) => update({ [sizeKey]: next === defaultPageSize ? null : String(next), [pageKey]: null }),
    setFilters: (next) =>
      update({ ...Object.fromEntries(filterKeys.map((name) => [key(name), next[name] ?? null])), [pageKey]: null }),
  };
}
