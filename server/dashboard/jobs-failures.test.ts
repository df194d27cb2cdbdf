// Jobs against what goes wrong, with real server processes (test/replica-process.ts) and a portal
// answering 150 ms late: the process SIGKILLed mid-run and started again (SQLite), the replica
// running a job SIGKILLed while another one is up (PostgreSQL: taken over within 30 s), PostgreSQL
// stopped mid-run, and a cancel sent to the replica that does not run the job. Each time the
// portal's new memberships are the job's `added`, each with one history event.
// The tests wait on the portal's latency and on leases, not on the CPU: each has its own portal
// and store, so they run side by side.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type RunningPortal } from '../test/portal-servers.ts';
import {
  expectExactlyOnce,
  jobOn,
  portalMembers,
  type JobView,
  previewedBulkAdd,
  runOn,
  usersOutside,
  waitFor,
} from './test/job-check.ts';
import { postgres, postgresLabel, startPostgres, type TestPostgres } from './test/postgres.ts';
import { sharedPostgres } from './test/shared-postgres.ts';
import {
  bundleServer,
  call,
  startServerProcess,
  type ServerBundle,
  type ServerProcess,
} from './test/replica-process.ts';

const PEOPLE = 200;
const LATENCY_MS = 150;
/** The portal's delay while a second replica starts: 200 creates then take at least 50 s. */
const SLOW_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job once its `done` has not moved for a second (10 s at most). */
async function settledJob(portal: RunningPortal, server: ServerProcess, jobId: string): Promise<JobView> {
  let last = await jobOn(server, portal.token, jobId);
  for (let waited = 0; waited < 10_000; waited += 1_000) {
    await sleep(1_000);
    const now = await jobOn(server, portal.token, jobId);
    if (now && last && now.done === last.done) return now;
    last = now;
  }
  throw new Error(`job ${jobId} still moving 10 s after its cancel (${last?.done} done)`);
}

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  if (server.alive()) await new Promise((resolve) => server.child.once('exit', resolve));
}

let bundle: ServerBundle;
const started: ServerProcess[] = [];
const portals: RunningPortal[] = [];
/** Short timings where the test waits on them; the takeover test keeps the default lease (15 s) and heartbeat (5 s). */
const fast = {
  DASHBOARD_JOB_CONCURRENCY: '4',
  DASHBOARD_OUTBOX_RECONCILE_SECONDS: '3',
  DASHBOARD_JOB_LEASE_SECONDS: '3',
  DASHBOARD_JOB_HEARTBEAT_SECONDS: '1',
};

/** A portal of the test's own, answering 150 ms late (the takeover test slows its own further). */
async function ownPortal(): Promise<RunningPortal> {
  const portal = await startPortal({ failedAttempts: { limit: 1_000, windowSeconds: 60 } });
  portal.setDelay(LATENCY_MS);
  portals.push(portal);
  return portal;
}

async function server(portal: RunningPortal, env: Record<string, string>): Promise<ServerProcess> {
  const process = await startServerProcess(bundle, { PORTAL_API_URL: portal.baseUrl, ...env });
  started.push(process);
  return process;
}

beforeAll(async () => {
  bundle = await bundleServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((process) => process.stop()));
  await Promise.all(portals.map((portal) => portal.close()));
  bundle?.remove();
});

describe.concurrent('jobs: the process killed mid-run (SQLite)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lp-jobs-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SIGKILL mid-run, then a restart: the job resumes where it was, every person added once', async () => {
    const grpId = 10;
    const portal = await ownPortal();
    const env = { ...fast, DASHBOARD_DB: join(dir, 'dashboard.db') };
    let first = await server(portal, env);
    const before = await portalMembers(portal, grpId);
    const jobId = await previewedBulkAdd(first, portal.token, grpId, await usersOutside(portal, grpId, PEOPLE));
    await runOn(first, portal.token, jobId);
    const atKill = await waitFor(first, portal.token, jobId, (job) => job.done >= 40, 30_000);
    await kill(first);
    const killedAt = Date.now();
    // The key file beside the store lets the restarted process open the job's sealed token.
    first = await server(portal, env);
    const resumed = await waitFor(first, portal.token, jobId, (job) => job.done > atKill.done + 4, 30_000);
    const resumedMs = Date.now() - killedAt;
    const done = await waitFor(first, portal.token, jobId, (job) => job.state === 'done', 60_000);
    const figures = await expectExactlyOnce(first, portal, grpId, before, done);
    expect(done).toMatchObject({ total: PEOPLE, done: PEOPLE, failed: 0 });
    expect(done.added + done.already_member).toBe(PEOPLE);
    console.log(
      `jobs kill -9: ${atKill.done} of ${PEOPLE} done at the kill, progress again ${resumedMs} ms after it (restart included, ${resumed.done} done), ` +
        `${figures.created} memberships created = ${figures.events} 'added' events, ${done.already_member} already members (creates cut by the kill)`,
    );
  }, 120_000);
});

// Side by side with the SQLite test and with each other: the takeover and the cancel on the run's
// shared PostgreSQL (a database each), the stop on a server of its own, as it stops every database.
describe.skipIf(!postgres.available)(
  `jobs: two replicas on PostgreSQL (${postgresLabel})`,
  { concurrent: true },
  () => {
    /** A store of the test's own: replicas of another test never claim its jobs. */
    const ownStore = async (server: Pick<TestPostgres, 'createDatabase'>) => ({
      DASHBOARD_DATABASE_URL: await server.createDatabase(),
      DASHBOARD_SECRET_KEY: randomBytes(32).toString('hex'),
      DASHBOARD_JOB_CONCURRENCY: '4',
      DASHBOARD_OUTBOX_RECONCILE_SECONDS: '3',
    });

    it('the replica running a job killed: the other takes it over within 30 s, exactly once', async () => {
      const grpId = 11;
      const [portal, env] = await Promise.all([ownPortal(), sharedPostgres().then(ownStore)]);
      const a = await server(portal, env);
      const before = await portalMembers(portal, grpId);
      const jobId = await previewedBulkAdd(a, portal.token, grpId, await usersOutside(portal, grpId, PEOPLE));
      // A slow portal while B starts (seconds on a busy machine): A must still be at work when killed.
      portal.setDelay(SLOW_MS);
      await runOn(a, portal.token, jobId);
      await waitFor(a, portal.token, jobId, (job) => job.done >= 10, 30_000);
      // Started once the job runs on A: B has nothing to claim until A's lease runs out.
      const b = await server(portal, env);
      const atKill = (await jobOn(b, portal.token, jobId)) ?? { done: 0 };
      expect(atKill.done).toBeLessThan(PEOPLE);
      await kill(a);
      const killedAt = Date.now();
      portal.setDelay(LATENCY_MS);
      const moving = await waitFor(b, portal.token, jobId, (job) => job.done > atKill.done + 4, 30_000);
      const takeoverMs = Date.now() - killedAt;
      const done = await waitFor(b, portal.token, jobId, (job) => job.state === 'done', 60_000);
      const figures = await expectExactlyOnce(b, portal, grpId, before, done);
      expect(done.added + done.already_member).toBe(PEOPLE);
      expect(takeoverMs).toBeLessThan(30_000);
      console.log(
        `jobs takeover: ${atKill.done} done at the kill, replica B moving it ${takeoverMs} ms after (${moving.done} done), ` +
          `${figures.created} memberships = ${figures.events} events`,
      );
    }, 150_000);

    it('a cancel sent to the replica that does not run the job stops it, exactly once', async () => {
      const [portal, env] = await Promise.all([ownPortal(), sharedPostgres().then(ownStore)]);
      const [b, c] = await Promise.all([server(portal, env), server(portal, { ...env, ...fast })]);
      // Cancel through C a job running on B.
      const cancelGrp = 12;
      const cancelBefore = await portalMembers(portal, cancelGrp);
      const cancelled = await previewedBulkAdd(
        b,
        portal.token,
        cancelGrp,
        await usersOutside(portal, cancelGrp, PEOPLE),
      );
      await runOn(b, portal.token, cancelled);
      await waitFor(b, portal.token, cancelled, (job) => job.done >= 10, 30_000);
      const answer = await call(c.url, 'POST', `/dashboard-api/jobs/${cancelled}/cancel`, {
        headers: { authorization: portal.token },
      });
      expect(answer.body.result.state).toBe('cancelled');
      // The creates already sent when the cancel came end first (a busy machine may take longer
      // than a second to write their outcomes); after them, nothing more for 3 s.
      const settled = await settledJob(portal, b, cancelled);
      await sleep(3_000);
      const later = await jobOn(c, portal.token, cancelled);
      expect(later?.done).toBe(settled.done);
      expect(settled.done).toBeLessThan(PEOPLE);
      await expectExactlyOnce(c, portal, cancelGrp, cancelBefore, settled);
      console.log(`jobs cancel from another replica: ${settled.done} of ${PEOPLE} settled, none after`);
      for (const process of [b, c]) expect(process.errors()).not.toMatch(/Unhandled|uncaught/i);
    }, 120_000);

    it('PostgreSQL stopped mid-run pauses a job that then ends, exactly once', async ({ onTestFinished }) => {
      const database = await startPostgres();
      onTestFinished(() => database.stop());
      const [portal, env] = await Promise.all([ownPortal(), ownStore(database)]);
      const c = await server(portal, { ...env, ...fast });
      // PostgreSQL stopped for 3 s while C runs a job.
      const grpId = 13;
      const before = await portalMembers(portal, grpId);
      const jobId = await previewedBulkAdd(c, portal.token, grpId, await usersOutside(portal, grpId, PEOPLE));
      await runOn(c, portal.token, jobId);
      const atStop = await waitFor(c, portal.token, jobId, (job) => job.done >= 20, 30_000);
      await database.stopServer();
      await sleep(3_000);
      await database.startServer();
      const startedAgain = Date.now();
      const done = await waitFor(c, portal.token, jobId, (job) => job.state === 'done', 90_000);
      const figures = await expectExactlyOnce(c, portal, grpId, before, done);
      expect(done.added + done.already_member).toBe(PEOPLE);
      expect(done.failed).toBe(0);
      console.log(
        `jobs PostgreSQL stopped at ${atStop.done} done, job done ${Date.now() - startedAgain} ms after it was back, ${figures.created} memberships = ${figures.events} events`,
      );
      expect(c.errors()).not.toMatch(/Unhandled|uncaught/i);
    }, 150_000);
  },
);
