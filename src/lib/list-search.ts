// Table state lives in the URL: page, page size, sort and `equal` filters. Back, forward, reload and a
// shared link land on the same view. Bad values fall back to defaults instead of failing.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

const positiveInt = (fallback: number) => z.catch(z.coerce.number().check(z.int(), z.positive()), fallback);

export interface ListSearch {
  page: number;
  pageSize: number;
  filters: Record<string, string>;
  /** The sorted column's id, `-` first when descending (`-grp_name`); null when unsorted. */
  sort: string | null;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setFilters: (filters: Record<string, string>) => void;
  setSort: (sort: string | null) => void;
}

export interface ListSearchOptions {
  /** The URL parameters that are filters (e.g. `grp_external_id`). */
  filterKeys?: readonly string[];
  defaultPageSize?: number;
  /** Distinguishes two tables on one page (`members.page`, `takes.page`). */
  prefix?: string;
}

/**
 * The page, page size and filters that `params` hold. The hook reads them so, and so does what
 * starts a page's first request before the page renders: both ask for the same query key.
 */
export function readListSearch(
  params: URLSearchParams,
  { filterKeys = [], defaultPageSize = 10, prefix = '' }: ListSearchOptions = {},
) {
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  return {
    page: positiveInt(1).parse(params.get(key('page')) ?? undefined),
    pageSize: Math.min(1000, positiveInt(defaultPageSize).parse(params.get(key('size')) ?? undefined)),
    sort: params.get(key('sort')) || null,
    filters: Object.fromEntries(
      filterKeys.map((name) => [name, params.get(key(name)) ?? ''] as const).filter(([, value]) => value !== ''),
    ),
  };
}

export function useListSearch(options: ListSearchOptions = {}): ListSearch {
  const { filterKeys = [], defaultPageSize = 10, prefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const pageKey = key('page');
  const sizeKey = key('size');

  const { page, pageSize, sort, filters: read } = readListSearch(params, options);
  const filterString = JSON.stringify(read);
  // The same object while the filters stay the same: it is part of query keys and effect deps.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterString captures the values
  const filters = useMemo(() => read, [filterString]);

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
    sort,
    setPage: (next) => update({ [pageKey]: next <= 1 ? null : String(next) }),
    setPageSize: (next) => update({ [sizeKey]: next === defaultPageSize ? null : String(next), [pageKey]: null }),
    setFilters: (next) =>
      update({ ...Object.fromEntries(filterKeys.map((name) => [key(name), next[name] ?? null])), [pageKey]: null }),
    setSort: (next) => update({ [key('sort')]: next }),
  };
}
