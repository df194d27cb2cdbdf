// Hovering or focusing a group (tree item or link) prefetches its page data. A short delay keeps
// a mouse sweeping across the tree, or a held arrow key, from firing a request per row.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { groupQueries } from '#api/groups.ts';
import { MEMBERS_PAGE_SIZE } from './first-load.ts';
import { prefetchMembers } from './members-params.ts';

const DELAY_MS = 120;

export function usePrefetchGroup(): (id: number) => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (id: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.prefetchQuery(groupQueries.children(id));
        // The first page of members as the group page asks for it by default.
        prefetchMembers(queryClient, id, { page: 1, pageSize: MEMBERS_PAGE_SIZE, adminsOnly: false, sort: null });
      }, DELAY_MS);
    },
    [queryClient],
  );
}
