// The loading state of a read. A silent portal costs up to three 15 s attempts before the error
// shows (query-client.ts retries timeouts), so after the first timeout the page says that the
// portal is slow and offers "Try again" (a fresh attempt now) while the retries go on.
import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '#api/errors.ts';
import { useMessages } from '#lib/i18n.tsx';
import { Button } from './button.tsx';
import { componentMessages } from './messages.ts';
import styles from './query-loading.module.css';

type LoadingQuery = Pick<UseQueryResult<unknown>, 'isFetching' | 'failureReason' | 'refetch'>;

/** Still fetching after at least one attempt timed out. */
function isSlow(query: Pick<LoadingQuery, 'isFetching' | 'failureReason'>): boolean {
  return query.isFetching && isApiError(query.failureReason) && query.failureReason.kind === 'timeout';
}

/**
 * "The portal is slow…" and "Try again" while `query` is slow, else an empty live region.
 * "Try again" cancels the attempt under way (and its pending retries) and starts a new one: a
 * plain refetch would only wait for the attempt already running.
 */
export function SlowPortalNotice({ query, queryKey }: { query: LoadingQuery; queryKey: QueryKey }) {
  const t = useMessages(componentMessages);
  const queryClient = useQueryClient();
  const restart = async () => {
    await queryClient.cancelQueries({ queryKey, exact: true });
    await query.refetch();
  };
  // The live region is always there, so that the sentence is announced when it appears.
  return (
    <div aria-live="polite">
      {isSlow(query) && (
        <div className={`notice notice-info ${styles.slow}`}>
          <p>{t.slowPortal}</p>
          <Button onClick={() => void restart()}>{t.retry}</Button>
        </div>
      )}
    </div>
  );
}

/** A page's or a section's "Loading…" line, with the slow-portal notice below it when due. */
export function QueryLoading({ label, query, queryKey }: { label: string; query: LoadingQuery; queryKey: QueryKey }) {
  return (
    <div className="page-status">
      <p role="status" className={styles.label}>
        {label}
      </p>
      <SlowPortalNotice query={query} queryKey={queryKey} />
    </div>
  );
}
