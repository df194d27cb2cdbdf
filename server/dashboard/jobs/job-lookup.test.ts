// A lookup job handed from one replica to another, on SQLite and PostgreSQL: replica A stops (its
// leases given back) with lookups in flight; replica B, with the same key, takes the job up from its
// sealed token and looks up only what was left. Each identifier is asked exactly once and every
// person ends in the directory.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalReader } from '#domain/portal-read.ts';
import { inProcessPortalReader } from '../portal-reader.ts';
import { Directory } from '../store/directory.ts';
import { Jobs } from '../store/jobs.ts';
import { PeopleMatch } from '../store/people-match.ts';
import type { MembershipOutbox } from '../membership-outbox.ts';
import { describeEachStore, startHarness, type Harness } from '../test/harness.ts';
import { JobEngine } from './job-engine.ts';
import { lookupRows } from './lookup-input.ts';
import { TokenVault } from './token-vault.ts';

const DAY = 86_400_000;
const PEOPLE = 12;
/** Lookups answered at once before the rest wait for the test to let them through. */
const FREE = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachStore('lookup job taken over', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open());
  });
  afterAll(async () => h.close());

  it('goes on on another replica from where the first stopped, each identifier asked once', async () => {
    const identifiers = (
      h.portal.db
        .prepare(
          'SELECT user_organisation_identifier AS id FROM portal_user WHERE org_id = 1 AND user_organisation_identifier IS NOT NULL ORDER BY user_id LIMIT ?',
        )
        .all(PEOPLE) as { id: string }[]
    ).map((row) => row.id);
    expect(identifiers).toHaveLength(PEOPLE);

    const asked = new Map<string, number>();
    const waiting: (() => void)[] = [];
    let holding = true;
    const base = inProcessPortalReader(h.portal.app);
    const reader: PortalReader = async (token, read) => {
      const match = /^\/user\/get_by_organisation_identifier\/(.+)$/.exec(read.path);
      if (match) {
        const id = decodeURIComponent(match[1] as string);
        asked.set(id, (asked.get(id) ?? 0) + 1);
        if (holding && [...asked.values()].reduce((a, b) => a + b, 0) > FREE)
          await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return base(token, read);
    };
    const vault = new TokenVault(randomBytes(32));
    const jobs = new Jobs(h.store.db, h.store.dialect, 7 * DAY);
    const replica = () =>
      new JobEngine(
        {
          jobs,
          vault,
          reader,
          directory: new Directory(h.store.db, 7 * DAY, h.store.dialect),
          people: new PeopleMatch(h.store.db, h.store.dialect),
          // A lookup creates no membership.
          outbox: undefined as unknown as MembershipOutbox,
        },
        { concurrency: 2, heartbeatMs: 50, leaseMs: 5_000 },
      );

    const a = replica();
    a.start();
    const jobId = await a.create(h.portal.token1, {
      orgId: 1,
      kind: 'lookup',
      params: {},
      grpId: null,
      grpName: null,
      startedBy: null,
      rows: lookupRows(
        identifiers.map((id) => [id]),
        undefined,
      ),
    });
    while (waiting.length < 2) await sleep(10);
    // A stops with two lookups in flight: they end, no new one starts, the lease is given back.
    const stopping = a.stop();
    holding = false;
    for (const resolve of waiting.splice(0)) resolve();
    await stopping;
    const half = await jobs.get(1, jobId);
    expect(half).toMatchObject({ state: 'running', found: FREE + 2 });

    const b = replica();
    b.start();
    for (let i = 0; i < 500 && (await jobs.get(1, jobId))?.state !== 'done'; i++) await sleep(20);
    await b.stop();
    expect(await jobs.get(1, jobId)).toMatchObject({ state: 'done', total: PEOPLE, found: PEOPLE, failed: 0 });
    expect([...asked.values()]).toEqual(Array.from({ length: PEOPLE }, () => 1));
    const directory = new Directory(h.store.db, 7 * DAY, h.store.dialect);
    expect((await directory.size(1)).total).toBeGreaterThanOrEqual(PEOPLE);
  });
});
