// Starting a shared gathering, on SQLite and PostgreSQL: of two replicas asking at the same
// moment only one starts it; a gathering that stopped writing is taken over; a finished one may
// start again; organisations do not block each other.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore } from '../test/harness.ts';
import type { DashboardStore } from './connection.ts';
import { STALLED_AFTER_MS, SharedCaches } from './shared-caches.ts';

describeEachStore('starting a shared gathering', (_dialect, open) => {
  let store: DashboardStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => store.close());

  const t0 = Date.parse('2026-06-01T10:00:00Z');

  it('starts once for two replicas asking together, then again once finished', async () => {
    const [one, two] = [new SharedCaches(store.db), new SharedCaches(store.db)];
    const started = await Promise.all([one.begin(1, 'members', t0), two.begin(1, 'members', t0)]);
    expect(started.filter(Boolean)).toHaveLength(1);
    expect(await one.begin(1, 'members', t0 + 1_000)).toBe(false);
    expect(await two.begin(2, 'members', t0 + 1_000)).toBe(true);
    await one.finish(1, 'members', null, 3);
    expect(await two.begin(1, 'members', Date.now())).toBe(true);
  });

  it('takes over a gathering that stopped writing', async () => {
    const caches = new SharedCaches(store.db);
    expect(await caches.begin(3, 'members', t0)).toBe(true);
    expect(await caches.begin(3, 'members', t0 + STALLED_AFTER_MS - 1_000)).toBe(false);
    expect(await caches.begin(3, 'members', t0 + STALLED_AFTER_MS + 1_000)).toBe(true);
  });
});
