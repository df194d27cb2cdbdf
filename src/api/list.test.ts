// Walking a list with `total`, against the real portal server, including one behind a gateway
// that caps `limit` lower than the dashboard asks.
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './config.ts';
import { fetchGroups } from './groups.ts';
import { fetchAllPages, toCriterias } from './list.ts';
import { fetchUserTakes } from './takes.ts';
import { startPortal, type RunningPortal } from '../../server/test/portal-servers.ts';

let portal: RunningPortal | undefined;
afterEach(() => portal?.close());

async function portalWith(options: { capLimit?: number } = {}) {
  portal = await startPortal(options);
  const { baseUrl, token } = portal;
  configureApi({ baseUrl, getToken: () => token, timeoutMs: 5_000 });
  return portal;
}

describe('fetchAllPages', () => {
  it('walks every page with the page size asked, and reports progress', async () => {
    const { facts, requests } = await portalWith();
    const progress: [number, number][] = [];
    const groups = await fetchAllPages((start, limit, signal) => fetchGroups({ start, limit }, signal), {
      pageSize: 25,
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const total = facts.org1.counts.groups;
    expect(groups.map((g) => g.grp_id)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(progress).toEqual([
      [25, total],
      [50, total],
      [total, total],
    ]);
    expect(requests.map((r) => r.limit)).toEqual([25, 25, 25]);
  });

  it('gets everything from a portal that returns fewer records than asked', async () => {
    const { facts, requests } = await portalWith({ capLimit: 7 });
    const { userId, takes } = facts.org1.userWithManyTakes;
    const all = await fetchAllPages((start, limit, signal) => fetchUserTakes(userId, { start, limit }, signal));
    expect(all).toHaveLength(takes);
    expect(new Set(all.map((take) => take.take_id)).size).toBe(takes);
    expect(requests).toHaveLength(Math.ceil(takes / 7));
    expect(requests[0]?.limit).toBe(500);
  });

  it('stops on an empty page even when the total promised more', async () => {
    const pages = [
      { total: 5, result: [1, 2] },
      { total: 5, result: [] },
    ];
    const starts: number[] = [];
    const all = await fetchAllPages(async (start) => {
      starts.push(start);
      return pages[starts.length - 1] ?? { total: 5, result: [] };
    });
    expect(all).toEqual([1, 2]);
    expect(starts).toEqual([0, 2]);
  });

  it('stops when the caller aborts', async () => {
    await portalWith();
    const controller = new AbortController();
    const walk = fetchAllPages(
      (start, limit, signal) => {
        controller.abort();
        return fetchGroups({ start, limit }, signal);
      },
      { signal: controller.signal, pageSize: 10 },
    );
    await expect(walk).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('toCriterias', () => {
  it('turns filters into equal criterias and leaves out empty ones', () => {
    expect(toCriterias({ grp_parent_id: '7', grp_name: '' })).toEqual([
      { column: 'grp_parent_id', operator: 'equal', value: '7' },
    ]);
    expect(toCriterias(undefined)).toEqual([]);
  });
});
