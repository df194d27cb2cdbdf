// Two replicas (two production apps, each with its own store connection pool) on one PostgreSQL
// database, both proxying to one portal: what one learns, the other shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, type Portal } from '../test/support.ts';
import { startReplicas, type Harness } from './test/harness.ts';
import { postgres, postgresLabel } from './test/postgres.ts';
import { sharedPostgres } from './test/shared-postgres.ts';

describe.skipIf(!postgres.available)(`two replicas on one database (${postgresLabel})`, () => {
  let portal: Portal;
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    const url = await (await sharedPostgres()).createDatabase();
    portal = demoPortal();
    [a, b] = await startReplicas(url, { viaProxy: true, portal });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    portal?.db.close();
  });

  it('a name learned through one replica shows through the other', async () => {
    const { identifier, userId } = demoFacts.org1.userWithManyTakes;
    const lookup = await a.call('GET', `/api/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
    expect(lookup.status).toBe(200);
    const names = await b.call('POST', '/dashboard-api/people/names', { body: { user_ids: [userId] } });
    expect(names.body.result).toEqual([
      expect.objectContaining({ user_id: userId, lastname: lookup.body.result.lastname }),
    ]);
    expect(
      (await b.call('POST', '/dashboard-api/people/names', { body: { user_ids: [userId] }, token: 'token-org-2' })).body
        .result,
    ).toEqual([]);
  });

  it('a membership created through one replica is in the history of the other', async () => {
    const body = {
      user_grp_grp_id: demoFacts.org1.rootGroupId + 7,
      user_grp_user_id: demoFacts.org1.userWithoutGroups.userId,
    };
    expect(
      (await a.call('POST', '/api/user_grp/create', { body, headers: { 'x-dashboard-source': 'bulk' } })).status,
    ).toBe(200);
    const history = await b.call('GET', `/dashboard-api/history?grp_id=${body.user_grp_grp_id}`);
    expect(history.body.result).toEqual([
      expect.objectContaining({ source: 'bulk', result: 'added', user_id: body.user_grp_user_id }),
    ]);
  });

  it('a lookup job started on one replica shows its progress on the other, which can cancel it', async () => {
    const started = await a.call('POST', '/dashboard-api/jobs', {
      body: { kind: 'lookup', text: Array.from({ length: 3000 }, (_, i) => `nobody-${i}`).join('\n') },
    });
    const jobId = started.body.result.job_id;
    const cancelled = await b.call('POST', `/dashboard-api/jobs/${jobId}/cancel`);
    expect(cancelled.body.result.state).toBe('cancelled');
    await a.dashboard.idle();
    const job = (await b.call('GET', `/dashboard-api/jobs/${jobId}`)).body.result;
    expect(job.state).toBe('cancelled');
    expect(job.done).toBeLessThan(3000);
  });
});
