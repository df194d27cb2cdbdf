// Whether this page's work runs as a job on the dashboard server, and starting it: the job's id
// goes into the page's address (`?job=`), so that a reload, Back and a shared link reopen it. On a
// static host the pages keep their in-browser runner (use-import.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { dashboardServerThere } from '#api/dashboard-status.ts';
import { jobQueries, startJob, type ImportFileRequest } from '#api/jobs.ts';
import type { JobRequest } from '#schemas/jobs.ts';

export function useServerJob() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const mutation = useMutation({
    mutationFn: startJob,
    // The job as the server answered: shown from there, without waiting for a first read.
    onSuccess: (job) => queryClient.setQueryData(jobQueries.job(job.job_id).queryKey, job),
  });
  return {
    /** The job the page shows, from its address. */
    jobId: params.get('job'),
    /** The job being started (pending, failed), for the page to say so. */
    starting: mutation,
    start: (request: JobRequest | ImportFileRequest) => {
      if (mutation.isPending) return;
      mutation.mutate(request, {
        // Only while the page is open (a callback of mutate is not called once it is gone): a
        // new entry in the history, so Back returns to the list as it was typed.
        onSuccess: (job) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('job', job.job_id);
            return next;
          }),
      });
    },
    /** Asked when the work starts. */
    serverThere: () => dashboardServerThere(queryClient),
    /** Back to the form: the job goes on (or stays) on the server, its page in Jobs. */
    leave: () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('job');
        // The job's rows table state (filter, page) goes with it.
        for (const key of [...next.keys()]) if (key.startsWith('rows.')) next.delete(key);
        return next;
      }),
  };
}
