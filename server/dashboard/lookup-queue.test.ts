// Lookup jobs beyond an organisation's 2 running ones wait `queued` and start oldest first when a
// slot frees, on SQLite and PostgreSQL: the cap per organisation (never another's), a cancelled
// queued job, a claim the store refused, jobs left `running` by a server that stopped; and on
// PostgreSQL, the cap across two replicas, one of which stops.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPortal, type Portal } from '../test/support.ts';
import { isoTime } from './clock.ts';
import { LookupJobs } from './store/lookup-jobs.ts';
import { LookupGateway } from './test/lookup-gateway.ts';
import { describeEachStore, startHarness, startReplicas, type Harness } from './test/harness.ts';
import { postgres, postgresLabel, startPostgres, type TestPostgres } from './test/postgres.ts';

/** The portal as the jobs see it: lookups held until released, and which jobs have one in flight recorded. */
class WatchedGateway extends LookupGateway {
  delayMs = 5;
  private gate: Promise<void> | undefined;
  private open = () => {};
  /** Job prefix (`q1-` of `q1-7`) of each lookup, in the order they started. */
  readonly started: string[] = [];
  private readonly inFlight = new Map<string, number>();
  /** Most jobs of one prefix family (`q`) with a lookup in flight at once. */
  maxJobsAtOnce = 0;

  async findUserByIdentifier(token: string, identifier: string) {
    const job = identifier.split('-')[0] ?? '';
    this.started.push(job);
    this.inFlight.set(job, (this.inFlight.get(job) ?? 0) + 1);
    const family = [...this.inFlight].filter(([name, n]) => n > 0 && name[0] === job[0]).length;
    this.maxJobsAtOnce = Math.max(this.maxJobsAtOnce, family);
    try {
      await this.gate;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return await this.inner.findUserByIdentifier(token, identifier);
    } finally {
      this.inFlight.set(job, (this.inFlight.get(job) ?? 1) - 1);
    }
  }

  /** Lookups wait until release(): the jobs started meanwhile cannot end. */
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.gate = undefined;
    this.open();
  }

  /** The jobs in the order their first lookup started. */
  firstLookups(family: string): string[] {
    return [...new Set(this.started.filter((job) => job[0] === family))];
  }
}

const ids = (job: string, n: number) => Array.from({ length: n }, (_, i) => `${job}-${i}`);

describeEachStore('lookup jobs: queue and cap per organisation', (_dialect, open) => {
  let h: Harness;
  let gateway: WatchedGateway;
  beforeAll(async () => {
    h = await startHarness(await open(), {
      gateway: (inner) => (gateway = new WatchedGateway(inner)),
      dashboard: { lookupJobs: { pollMs: 50 } },
    });
  });
  afterAll(async () => h.close());
  // A test that failed while the lookups were held must not leave the next ones waiting.
  afterEach(() => gateway.release());

  async function startJob(identifiers: string[], token?: string) {
    const reply = await h.call('POST', '/dashboard-api/lookup-jobs', { body: { identifiers }, token });
    expect(reply.status).toBe(202);
    return reply.body.result as { job_id: string; state: string };
  }
  const stateOf = async (jobId: string, token?: string) =>
    (await h.call('GET', `/dashboard-api/lookup-jobs/${jobId}`, { token })).body.result.state as string;

  it('runs 2 jobs of an organisation at once, queues the others and starts them oldest first', async () => {
    gateway.hold();
    const started = [];
    for (const job of ['a1', 'a2', 'a3', 'a4', 'a5']) started.push(await startJob(ids(job, 15)));
    expect(started.map((job) => job.state)).toEqual(['running', 'running', 'queued', 'queued', 'queued']);
    // The queued state is what GET answers too, and the list.
    expect(await stateOf(started[3]?.job_id ?? '')).toBe('queued');
    const listed = (await h.call('GET', '/dashboard-api/lookup-jobs')).body.result as { state: string }[];
    expect(listed.filter((job) => job.state === 'queued')).toHaveLength(3);

    gateway.release();
    await h.dashboard.idle();
    for (const job of started) expect(await stateOf(job.job_id)).toBe('done');
    expect(gateway.maxJobsAtOnce).toBe(2);
    // Two slots that free together start the next two together: their order between them is open.
    const order = gateway.firstLookups('a');
    expect([order.slice(0, 2).sort(), order.slice(2, 4).sort(), order[4]]).toEqual([['a1', 'a2'], ['a3', 'a4'], 'a5']);
  });

  it("counts each organisation's jobs apart: organisation 2 starts while organisation 1 has 2 running", async () => {
    gateway.hold();
    const org1 = [await startJob(ids('b1', 15)), await startJob(ids('b2', 15)), await startJob(ids('b3', 15))];
    const org2 = await startJob(ids('c1', 15), 'token-org-2');
    expect(org1.map((job) => job.state)).toEqual(['running', 'running', 'queued']);
    expect(org2.state).toBe('running');
    // And organisation 2 cannot see, nor cancel, organisation 1's queued job.
    const queued = org1[2]?.job_id ?? '';
    expect((await h.call('GET', `/dashboard-api/lookup-jobs/${queued}`, { token: 'token-org-2' })).status).toBe(404);
    expect((await h.call('POST', `/dashboard-api/lookup-jobs/${queued}/cancel`, { token: 'token-org-2' })).status).toBe(
      404,
    );
    gateway.release();
    await h.dashboard.idle();
    expect(await stateOf(queued)).toBe('done');
  });

  it('cancels a queued job: it never starts, and the next one still does', async () => {
    gateway.hold();
    const jobs = [
      await startJob(ids('d1', 15)),
      await startJob(ids('d2', 15)),
      await startJob(ids('d3', 15)),
      await startJob(ids('d4', 15)),
    ];
    const cancelled = await h.call('POST', `/dashboard-api/lookup-jobs/${jobs[2]?.job_id}/cancel`);
    expect(cancelled.body.result.state).toBe('cancelled');
    gateway.release();
    await h.dashboard.idle();
    expect(gateway.firstLookups('d')).toEqual(['d1', 'd2', 'd4']);
    expect(await stateOf(jobs[2]?.job_id ?? '')).toBe('cancelled');
    expect(await stateOf(jobs[3]?.job_id ?? '')).toBe('done');
  });

  it('starts a queued job once the jobs left running by a server that stopped stop beating', async () => {
    // What a server killed in the middle of two jobs leaves in the store: two `running` jobs whose
    // heartbeat no longer moves, holding organisation 1's two slots.
    const now = Date.now();
    const orphans = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    await h.store.db
      .insertInto('lookup_job')
      .values(
        orphans.map((id) => ({
          id,
          org_id: 1,
          created_at: isoTime(now - 1000),
          updated_at: isoTime(now),
          state: 'running',
          error_code: null,
          total: 5,
        })),
      )
      .execute();
    const waiting = await startJob(ids('e1', 5));
    expect(waiting.state).toBe('queued');
    // Polls come and go: still queued, its own heartbeat alive, while the orphans look alive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stateOf(waiting.job_id)).toBe('queued');

    // Two minutes later (HEARTBEAT_TIMEOUT_MS) the orphans read as interrupted and free their slots.
    await h.store.db
      .updateTable('lookup_job')
      .set({ updated_at: '2000-01-01T00:00:00.000Z' })
      .where('id', 'in', orphans)
      .execute();
    await vi.waitFor(async () => expect(await stateOf(waiting.job_id)).not.toBe('queued'), { timeout: 5000 });
    await h.dashboard.idle();
    expect(await stateOf(waiting.job_id)).toBe('done');
    for (const id of orphans) expect(await stateOf(id)).toBe('interrupted');
  });

  it('keeps a job queued when the store refuses its claim, and starts it at the next poll', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const claim = vi.spyOn(LookupJobs.prototype, 'claim').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const job = await startJob(ids('g1', 5));
      expect(job.state).toBe('queued');
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('lookup jobs not claimed: connection lost'));
      await vi.waitFor(async () => expect(await stateOf(job.job_id)).toBe('done'), { timeout: 5000 });
      expect(claim.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      claim.mockRestore();
      errors.mockRestore();
    }
  });
});

describe.skipIf(!postgres.available)(`lookup jobs: the cap across two replicas (${postgresLabel})`, () => {
  let server: TestPostgres;
  let portal: Portal;
  let a: Harness;
  let b: Harness;
  let gatewayA: WatchedGateway;
  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    portal = demoPortal();
    const options = { portal, dashboard: { lookupJobs: { pollMs: 50 } } };
    [a, b] = await startReplicas(
      url,
      { ...options, gateway: (inner) => (gatewayA = new WatchedGateway(inner)) },
      options,
    );
  });
  afterAll(async () => {
    await b?.close();
    portal?.db.close();
    await server?.stop();
  });

  it("queues a job on one replica while the other runs the organisation's 2, and starts it once that one stopped", async () => {
    gatewayA.hold();
    const start = async (h: Harness, job: string) =>
      (await h.call('POST', '/dashboard-api/lookup-jobs', { body: { identifiers: ids(job, 200) } })).body.result;
    const onA = [await start(a, 'h1'), await start(a, 'h2')];
    const onB = await start(b, 'h3');
    expect([...onA.map((job) => job.state), onB.state]).toEqual(['running', 'running', 'queued']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stateOnB = async (jobId: string) =>
      (await b.call('GET', `/dashboard-api/lookup-jobs/${jobId}`)).body.result.state as string;
    expect(await stateOnB(onB.job_id)).toBe('queued');

    // Replica A stops in the middle of its two jobs: they stay `running`, their heartbeat stops.
    const closing = a.close();
    gatewayA.release();
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stateOnB(onB.job_id)).toBe('queued');
    // Two minutes later (HEARTBEAT_TIMEOUT_MS), as far as the store can tell.
    const orphans = onA.map((job) => job.job_id);
    await b.store.db
      .updateTable('lookup_job')
      .set({ updated_at: '2000-01-01T00:00:00.000Z' })
      .where('id', 'in', orphans)
      .execute();
    await vi.waitFor(async () => expect(await stateOnB(onB.job_id)).not.toBe('queued'), { timeout: 5000 });
    await b.dashboard.idle();
    expect(await stateOnB(onB.job_id)).toBe('done');
    for (const id of orphans) expect(await stateOnB(id)).toBe('interrupted');
  });
});
