import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '#api/errors.ts';
import { ApiErrorNotice } from './api-error-notice.tsx';
import { QueryLoading } from './query-loading.tsx';

interface Props<T> {
  query: UseQueryResult<T>;
  /** The query's key: the slow-portal notice's "Try again" restarts exactly this read. */
  queryKey: QueryKey;
  /** Said while the record loads ("Loading the group…"). */
  loading: string;
  /** The heading over any other failure, with the error and a retry. */
  errorTitle: string;
  /** What the page shows when the portal has no such record. */
  notFound: ReactNode;
  children: (record: T) => ReactNode;
}

/** The states of a detail page, alike on every page: not found, failed, loading (saying
 * when the portal is slow), then the record. */
export function RecordStates<T>({ query, queryKey, loading, errorTitle, notFound, children }: Props<T>) {
  if (isApiError(query.error) && query.error.isNotFound) return notFound;
  if (query.isError) {
    return (
      <section className="empty-page">
        <h1>{errorTitle}</h1>
        <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  if (query.data === undefined) return <QueryLoading label={loading} query={query} queryKey={queryKey} />;
  return children(query.data);
}
