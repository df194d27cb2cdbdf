// A preview cancelled while it looks people up, on SQLite and PostgreSQL: its lookups end within
// about a second (the job asks the store whether to go on once a second, not the portal's whole
// list), and nothing of it is written: the job stays cancelled with its rows pending.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalReader } from '#domain/portal-read.ts';
import { demoFacts } from '../seed/facts.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const ROWS = 1_000;
const LOOKUP_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachStore('a cancelled preview', (_dialect, open) => {
  let h: Harness;
  let lookups = 0;
  const slowLookups =
    (inner: PortalReader): PortalReader =>
    async (token, read) => {
      if (read.path.startsWith('/user/get_by_organisation_identifier/')) {
        lookups += 1;
        await sleep(LOOKUP_MS);
      }
      return inner(token, read);
    };
  beforeAll(async () => {
    h = await startHarness(await open(), { reader: slowLookups });
  });
  afterAll(async () => h.close());

  it('stops looking people up and writes nothing', async () => {
    const text = ['identifier', ...Array.from({ length: ROWS }, (_, i) => `NOBODY-${i}`)].join('\n');
    const started = await h.call('POST', '/dashboard-api/jobs', {
      body: { kind: 'import', grp_id: demoFacts.org1.rootGroupId, text },
    });
    expect(started.status, started.text).toBe(202);
    const jobId = started.body.result.job_id as string;
    while (lookups < 20) await sleep(10);
    expect((await h.call('POST', `/dashboard-api/jobs/${jobId}/cancel`)).body.result.state).toBe('cancelled');
    await h.dashboard.idle();
    const atEnd = lookups;
    // Without the stop, every one of the 1,000 lookups is made (about 5 s at this pace).
    expect(atEnd).toBeLessThan(ROWS / 2);
    await sleep(300);
    expect(lookups).toBe(atEnd);
    const job = (await h.call('GET', `/dashboard-api/jobs/${jobId}`)).body.result;
    expect(job).toMatchObject({ state: 'cancelled', not_found: 0, done: 0 });
  });
});
