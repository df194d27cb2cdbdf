// @vitest-environment jsdom
// The jobs' fetchers: a file goes as the body with its own type, a pasted list as JSON, both with
// who started it; a started or run job is followed for the notice of its end; an answer that
// breaks the schema is an ApiError naming the field; a job is polled only while the server works on it.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeJob, fakeJobServer, type FakeJobServer } from '../../server/test/fake-jobs.ts';
import { configureApi } from './config.ts';
import { ApiError } from './errors.ts';
import { writeHistoryActor } from './history-actor.ts';
import { fetchJob, isJobAtWork, jobQueries, runJob, startJob } from './jobs.ts';
import { XLSX_TYPE } from './schemas/jobs.ts';
import { unwatchJob, watchedJobs } from './watched-jobs.ts';

const JOB_ID = '44444444-4444-4444-8444-444444444444';
let server: FakeJobServer;

beforeEach(() => {
  server = fakeJobServer();
  server.onCreate = () => fakeJob({ job_id: JOB_ID, state: 'previewing' });
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  unwatchJob(JOB_ID);
  vi.unstubAllGlobals();
});

it('sends a file as the body with its type, and a pasted list as JSON, each naming who started it', async () => {
  writeHistoryActor('Zoé M.');
  const file = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: XLSX_TYPE });
  await startJob({ file, grpId: 12 });
  const [sentFile] = server.sent;
  expect(sentFile?.search.get('kind')).toBe('import');
  expect(sentFile?.search.get('grp_id')).toBe('12');
  expect(sentFile?.headers.get('Content-Type')).toBe(XLSX_TYPE);
  expect(sentFile?.body).toBe(file);
  expect(sentFile?.headers.get('X-Dashboard-Actor')).toBe(encodeURIComponent('Zoé M.'));
  expect(sentFile?.search.has('group_column')).toBe(false);

  // A CSV with the encoding chosen on the page, and its group column chosen: none.
  const csv = new Blob(['E1;x'], { type: 'text/csv; charset=windows-1252' });
  await startJob({ file: csv, grpId: 12, groupColumn: null });
  expect(server.sent[1]?.headers.get('Content-Type')).toBe('text/csv; charset=windows-1252');
  expect(server.sent[1]?.search.get('group_column')).toBe('none');
  await startJob({ file: csv, grpId: null, groupColumn: 2 });
  expect(server.sent[2]?.search.get('group_column')).toBe('2');
  expect(server.sent[2]?.search.has('grp_id')).toBe(false);

  await startJob({ kind: 'import', grp_id: null, text: 'E100001;sales' });
  const sentText = server.sent[3];
  expect(sentText?.search.has('grp_id')).toBe(false);
  expect(sentText?.headers.get('Content-Type')).toBe('application/json');
  expect(JSON.parse(String(sentText?.body))).toEqual({ kind: 'import', grp_id: null, text: 'E100001;sales' });
  writeHistoryActor('');
});

it('follows a job it starts or runs, for the notice of its end', async () => {
  await startJob({ kind: 'export', grp_id: 7, include_subgroups: true });
  expect(watchedJobs()).toContain(JOB_ID);
  unwatchJob(JOB_ID);
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, state: 'ready' }));
  await runJob(JOB_ID);
  expect(watchedJobs()).toContain(JOB_ID);
});

it('names the field of an answer that breaks the schema', async () => {
  server.jobs.set(JOB_ID, { ...fakeJob({ job_id: JOB_ID }), state: 'paused' as never });
  const error = await fetchJob(JOB_ID).catch((failure: unknown) => failure);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    kind: 'contract',
    endpoint: 'GET /dashboard-api/jobs/{job_id}',
    field: 'result.state',
  });
});

it('polls a job only while the server works on it', () => {
  expect(['queued', 'previewing', 'running'].every((state) => isJobAtWork({ state } as never))).toBe(true);
  expect(['ready', 'done', 'failed', 'cancelled'].some((state) => isJobAtWork({ state } as never))).toBe(false);
  const client = new QueryClient();
  const interval = jobQueries.job(JOB_ID).refetchInterval;
  const at = (state: string) => {
    client.setQueryData(jobQueries.job(JOB_ID).queryKey, fakeJob({ job_id: JOB_ID, state: state as never }));
    const query = client.getQueryCache().find({ queryKey: jobQueries.job(JOB_ID).queryKey });
    return typeof interval === 'function' ? interval(query as never) : interval;
  };
  expect(at('running')).toBe(1000);
  expect(at('ready')).toBe(false);
  expect(at('done')).toBe(false);
});
