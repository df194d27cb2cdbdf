// How far the group index (every group of the organisation, for search and roots) has loaded,
// and a way to rebuild it when groups changed elsewhere.
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  groupIndexProgress,
  groupIndexQuery,
  refreshGroupIndex,
  subscribeGroupIndex,
  type GroupIndex,
} from '#api/group-index.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { SlowPortalNotice } from '#components/query-loading.tsx';
import { Button } from '#components/button.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { groupMessages } from './messages.ts';
import styles from './groups-page.module.css';

export function IndexStatus({ index }: { index: UseQueryResult<GroupIndex> }) {
  const t = useMessages(groupMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  const progress = useSyncExternalStore(subscribeGroupIndex, groupIndexProgress);
  const queryClient = useQueryClient();
  const building = index.isFetching;

  return (
    <div className={styles.indexStatus}>
      {index.isError && (
        <ApiErrorNotice title={t.indexFailed} error={index.error} onRetry={() => void index.refetch()} />
      )}
      <div className={styles.progressLabel}>
        <SlowPortalNotice query={index} queryKey={groupIndexQuery().queryKey} />
      </div>
      {building ? (
        <>
          <label className={styles.progressLabel} htmlFor="group-index-progress">
            {progress.total === null
              ? t.indexStarting
              : fill(t.indexLoading, { loaded: format.number(progress.loaded), total: format.number(progress.total) })}
          </label>
          <progress
            id="group-index-progress"
            max={progress.total ?? 1}
            value={progress.total === null ? undefined : progress.loaded}
          />
        </>
      ) : (
        index.data && (
          <p className={styles.indexReady}>
            {index.data.gatheredAt
              ? formatMessage(t.indexReadyShared, {
                  count: index.data.groups.length,
                  time: format.dateTime(index.data.gatheredAt),
                })
              : formatMessage(t.indexReady, {
                  count: index.data.groups.length,
                  time: format.dateTime(new Date(index.dataUpdatedAt).toISOString()),
                })}
          </p>
        )
      )}
      <Button kind="quiet" onClick={() => void refreshGroupIndex(queryClient)} disabled={building}>
        {t.indexRefresh}
      </Button>
    </div>
  );
}
