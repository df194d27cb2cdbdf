// What the dashboard has cached and a job's end makes stale: the memberships it wrote (member
// lists, counts, a user's groups, the history), the people a lookup saved in the directory (their
// names everywhere, the searches, the coverage) and the list of jobs. Run once per job that ends
// while a page follows it, whichever page that is (its own, the page that started it, the notice).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { coverageQueries } from '#api/coverage.ts';
import { directoryQueries } from '#api/directory.ts';
import { groupMemberQueries } from '#api/group-members.ts';
import { historyQueries } from '#api/history.ts';
import { isJobEnded, jobQueries } from '#api/jobs.ts';
import { membershipQueries } from '#api/memberships.ts';
import { userQueries } from '#api/users.ts';
import type { Job } from '#schemas/jobs.ts';
import { writes } from './job-text.ts';

/** Ended jobs whose caches were refreshed in this page's life: once each, not at every render. */
const refreshed = new Set<string>();

export function useJobEnded(job: Job | undefined): void {
  const queryClient = useQueryClient();
  const ended = job !== undefined && isJobEnded(job) ? job : null;
  useEffect(() => {
    if (!ended || refreshed.has(ended.job_id)) return;
    refreshed.add(ended.job_id);
    void queryClient.invalidateQueries({ queryKey: [...jobQueries.all(), 'list'] });
    if (ended.kind === 'lookup' && ended.found > 0) {
      void queryClient.invalidateQueries({ queryKey: directoryQueries.all() });
      void queryClient.invalidateQueries({ queryKey: coverageQueries.all() });
      void queryClient.invalidateQueries({ queryKey: groupMemberQueries.all() });
    }
    if (!writes(ended.kind) || ended.added === 0) return;
    void queryClient.invalidateQueries({ queryKey: membershipQueries.all() });
    void queryClient.invalidateQueries({ queryKey: userQueries.groupLists() });
    void queryClient.invalidateQueries({ queryKey: historyQueries.all() });
  }, [ended, queryClient]);
}
