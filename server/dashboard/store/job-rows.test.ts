// Linking a job's row to the intent of its create, on SQLite and PostgreSQL: only the replica
// that holds the running job's lease, and only over the intent it read. A replica that stalled
// past its lease (the job taken over meanwhile) gets LeaseLost and its intent is rolled back, so
// it never creates a membership the other replica may create too.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isoTime } from '../clock.ts';
import { describeEachStore } from '../test/harness.ts';
import type { DashboardStore } from './connection.ts';
import { JobRows, LeaseLost } from './job-rows.ts';

describeEachStore("a job row's link to its create", (_dialect, open) => {
  let store: DashboardStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => store.close());

  const t0 = Date.parse('2026-07-01T10:00:00Z');
  async function runningJob(id: string, owner: string, leaseUntil: number) {
    const at = isoTime(t0);
    await store.db
      .insertInto('job')
      .values({
        id,
        org_id: 1,
        kind: 'bulk-add',
        state: 'running',
        run_requested: 1,
        params: '{}',
        grp_id: 5,
        grp_name: null,
        started_by: null,
        error_code: null,
        created_at: at,
        updated_at: at,
        finished_at: null,
        lease_owner: owner,
        lease_until: isoTime(leaseUntil),
        token_sealed: null,
        key_id: null,
      })
      .execute();
    await store.db
      .insertInto('job_row')
      .values({ job_id: id, position: 0, line: 1, user_id: 7, group_admin: 0, outcome: 'pending' })
      .execute();
  }
  const link = (jobId: string, intentId: string, owner: string, readIntent: string | null, now: number) =>
    store.db.transaction().execute((tx) => JobRows.link(tx, jobId, 0, intentId, { owner, readIntent, now }));
  const intentOf = async (jobId: string) =>
    (await store.db.selectFrom('job_row').select('intent_id').where('job_id', '=', jobId).executeTakeFirstOrThrow())
      .intent_id;

  it('links for the lease holder only, while the lease lasts', async () => {
    await runningJob('job-a', 'replica-a', t0 + 15_000);
    await expect(link('job-a', 'intent-b', 'replica-b', null, t0 + 1_000)).rejects.toBeInstanceOf(LeaseLost);
    await expect(link('job-a', 'intent-late', 'replica-a', null, t0 + 16_000)).rejects.toBeInstanceOf(LeaseLost);
    expect(await intentOf('job-a')).toBeNull();
    await link('job-a', 'intent-a', 'replica-a', null, t0 + 1_000);
    expect(await intentOf('job-a')).toBe('intent-a');
  });

  it('refuses a link over an intent it did not read (another replica linked meanwhile)', async () => {
    await runningJob('job-b', 'replica-a', t0 + 15_000);
    await link('job-b', 'intent-1', 'replica-a', null, t0 + 1_000);
    await expect(link('job-b', 'intent-2', 'replica-a', null, t0 + 2_000)).rejects.toBeInstanceOf(LeaseLost);
    await link('job-b', 'intent-3', 'replica-a', 'intent-1', t0 + 2_000);
    expect(await intentOf('job-b')).toBe('intent-3');
  });
});
