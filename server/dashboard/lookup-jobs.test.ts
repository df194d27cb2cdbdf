// "Add people to the directory" jobs on SQLite and PostgreSQL: lookups against the portal with
// bounded concurrency, progress and summary from the store, cancel, refused tokens, failures,
// interrupted jobs, and organisation 2 never seeing organisation 1's jobs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { expectError } from '../test/support.ts';
import { PortalAnswerError } from './portal-gateway.ts';
import { LookupGateway } from './test/lookup-gateway.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const known = org1.specialIdentifiers.slice(0, 3);

/** The portal as the jobs see it, slowed down or broken on demand. */
class ControlledGateway extends LookupGateway {
  delayMs = 0;
  inFlight = 0;
  maxInFlight = 0;
  lookups = 0;
  /** Throws this for an identifier. */
  failures = new Map<string, PortalAnswerError>();
  /** From this many lookups on, the token is refused. */
  refuseAfter = Infinity;

  async findUserByIdentifier(token: string, identifier: string) {
    this.lookups += 1;
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      if (this.lookups > this.refuseAfter) throw new PortalAnswerError(401, 'token_expired', 'The token has expired.');
      const failure = this.failures.get(identifier);
      if (failure) throw failure;
      return await this.inner.findUserByIdentifier(token, identifier);
    } finally {
      this.inFlight -= 1;
    }
  }

  reset() {
    Object.assign(this, { delayMs: 0, maxInFlight: 0, lookups: 0, refuseAfter: Infinity });
    this.failures.clear();
  }
}

describeEachStore('directory lookup jobs', (_dialect, open) => {
  let h: Harness;
  let gateway: ControlledGateway;
  beforeAll(async () => {
    h = await startHarness(await open(), {
      gateway: (inner) => {
        gateway = new ControlledGateway(inner);
        return gateway;
      },
    });
  });
  afterAll(async () => h.close());

  async function startJob(identifiers: string[], token?: string) {
    const reply = await h.call('POST', '/dashboard-api/lookup-jobs', { body: { identifiers }, token });
    expect(reply.status).toBe(202);
    return reply.body.result.job_id as string;
  }

  it('looks every identifier up, saves those found, and keeps a summary', async () => {
    gateway.reset();
    const jobId = await startJob([
      ...known,
      ' nobody-1 ',
      '',
      known[0] ?? '',
      'nobody-2',
      demoFacts.org2.userIdentifier,
    ]);
    await h.dashboard.idle();
    const job = (await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result;
    expect(job).toMatchObject({
      state: 'done',
      error_code: null,
      total: 6,
      done: 6,
      found: 3,
      not_found: 3,
      failed: 0,
    });

    const notFound = await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}/items?outcome=not_found`);
    expect(notFound.body.total).toBe(3);
    expect(notFound.body.result.map((i: { identifier: string }) => i.identifier)).toEqual([
      'nobody-1',
      'nobody-2',
      demoFacts.org2.userIdentifier,
    ]);

    const found = await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}/items?outcome=found&limit=2`);
    expect(found.body.total).toBe(3);
    expect(found.body.result).toHaveLength(2);
    const userIds = found.body.result.map((i: { user_id: number }) => i.user_id);
    const names = await h.call('POST', '/dashboard-api/people/names', { body: { user_ids: userIds } });
    expect(
      names.body.result.map((p: { user_organisation_identifier: string }) => p.user_organisation_identifier),
    ).toEqual(known.slice(0, 2));
  });

  it('runs at most 8 lookups at a time, and more than one', async () => {
    gateway.reset();
    gateway.delayMs = 50;
    const identifiers = Array.from({ length: 30 }, (_, i) => `missing-${i}`);
    const jobId = await startJob(identifiers);
    const early = (await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result;
    expect(early.state).toBe('running');
    await h.dashboard.idle();
    // Exactly 8 at once on an idle machine; a busy one may start the 8th after the 1st is back.
    expect(gateway.maxInFlight).toBeLessThanOrEqual(8);
    expect(gateway.maxInFlight).toBeGreaterThan(1);
    expect((await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result).toMatchObject({
      state: 'done',
      done: 30,
      not_found: 30,
    });
  });

  it('records a lookup the portal could not answer as failed with its code, and goes on', async () => {
    gateway.reset();
    gateway.failures.set('broken-1', new PortalAnswerError(502, 'portal_unreachable', 'down'));
    const jobId = await startJob(['broken-1', known[1] ?? '']);
    await h.dashboard.idle();
    expect((await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result).toMatchObject({
      state: 'done',
      found: 1,
      failed: 1,
    });
    const failed = await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}/items?outcome=failed`);
    expect(failed.body.result).toEqual([
      { position: 0, identifier: 'broken-1', outcome: 'failed', user_id: null, error_code: 'portal_unreachable' },
    ]);
  });

  it("stops with the portal's code when the token is refused midway", async () => {
    gateway.reset();
    gateway.refuseAfter = 2;
    const jobId = await startJob(Array.from({ length: 20 }, (_, i) => `x-${i}`));
    await h.dashboard.idle();
    const job = (await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result;
    expect(job).toMatchObject({ state: 'failed', error_code: 'token_expired', total: 20 });
    expect(job.done).toBeLessThan(20);
    const pending = await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}/items?outcome=pending`);
    expect(pending.body.total).toBe(20 - job.done);
  });

  it('cancels a running job: no lookup starts after it', async () => {
    gateway.reset();
    gateway.delayMs = 20;
    const jobId = await startJob(Array.from({ length: 200 }, (_, i) => `slow-${i}`));
    const cancelled = await h.call('POST', `/dashboard-api/lookup-jobs/${jobId}/cancel`);
    expect(cancelled.body.result.state).toBe('cancelled');
    await h.dashboard.idle();
    expect(gateway.lookups).toBeLessThan(200);
    const job = (await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result;
    expect(job.state).toBe('cancelled');
    expect(job.done).toBeLessThan(200);
  });

  it('says a job is interrupted when its server stopped updating it', async () => {
    const jobId = await startJob(['late-1']);
    await h.dashboard.idle();
    await h.store.db
      .updateTable('lookup_job')
      .set({ state: 'running', updated_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', jobId)
      .execute();
    expect((await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result.state).toBe('interrupted');
  });

  it('lists the latest jobs, newest first', async () => {
    const jobs = (await h.call('GET', '/dashboard-api/lookup-jobs')).body.result;
    expect(jobs.length).toBeGreaterThanOrEqual(6);
    const created = jobs.map((j: { created_at: string }) => j.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('refuses an empty list, a list of blanks, too many identifiers and unknown job ids', async () => {
    expectError(await h.call('POST', '/dashboard-api/lookup-jobs', { body: { identifiers: [] } }), 400, 'invalid_body');
    expectError(
      await h.call('POST', '/dashboard-api/lookup-jobs', { body: { identifiers: [' ', ''] } }),
      400,
      'invalid_body',
    );
    const tooMany = Array.from({ length: 10_001 }, (_, i) => `id-${i}`);
    expectError(
      await h.call('POST', '/dashboard-api/lookup-jobs', { body: { identifiers: tooMany } }),
      400,
      'invalid_body',
    );
    expectError(await h.call('GET', '/dashboard-api/lookup-jobs/not-a-job'), 404, 'not_found');
    expectError(
      await h.call('GET', '/dashboard-api/lookup-jobs/00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
  });

  it("organisation 2 sees none of organisation 1's jobs, cannot read their items or cancel them", async () => {
    gateway.reset();
    gateway.delayMs = 20;
    const jobId = await startJob(Array.from({ length: 50 }, (_, i) => `org1-${i}`));
    const asOrg2 = { token: 'token-org-2' };
    expectError(await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`, asOrg2), 404, 'not_found');
    expectError(await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}/items`, asOrg2), 404, 'not_found');
    expectError(await h.call('POST', `/dashboard-api/lookup-jobs/${jobId}/cancel`, asOrg2), 404, 'not_found');
    expect((await h.call('GET', '/dashboard-api/lookup-jobs', asOrg2)).body.result).toEqual([]);
    await h.dashboard.idle();
    expect((await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result.state).toBe('done');

    // Organisation 2's own job finds only its own users; organisation 1's directory is untouched.
    const before = (await h.call('GET', '/dashboard-api/people/count')).body.result.total;
    const own = await h.call('POST', '/dashboard-api/lookup-jobs', {
      ...asOrg2,
      body: { identifiers: [demoFacts.org2.userIdentifier, known[0]] },
    });
    await h.dashboard.idle();
    expect(
      (await h.call('GET', `/dashboard-api/lookup-jobs/${own.body.result.job_id}`, asOrg2)).body.result,
    ).toMatchObject({ found: 1, not_found: 1 });
    expect((await h.call('GET', '/dashboard-api/people/count')).body.result.total).toBe(before);
    expect((await h.call('GET', '/dashboard-api/people/count', asOrg2)).body.result.total).toBe(1);
  });
});
