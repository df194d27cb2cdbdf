// The dashboard's side of the dashboard server, against the real production app (embedded demo
// portal, SQLite store): the status check, the history headers of a membership create, the
// history list with its filters, and the CSV export.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoFacts } from '../../server/seed/facts.ts';
import { openStore } from '../../server/dashboard/store/connection.ts';
import { startHarness, type Harness } from '../../server/dashboard/test/harness.ts';
import { configureApi } from './config.ts';
import { dashboardServerQueries } from './dashboard-status.ts';
import { fetchHistory, fetchHistoryCsv } from './history.ts';
import { historyHeaders, readHistoryActor, writeHistoryActor } from './history-actor.ts';
import { createMembership } from './memberships.ts';

const org1 = demoFacts.org1;
let h: Harness;

beforeAll(async () => {
  h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }));
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
  // The API layer's fetch goes to the production app in-process (relative URLs, like a page of it).
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => h.app.request(input, init));
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => h.portal.token1 });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await h.close();
});

describe('the dashboard server, seen from the dashboard', () => {
  it('says that it is there', async () => {
    const status = await new QueryClient().fetchQuery(dashboardServerQueries.status());
    expect(status.service).toBe('dashboard-server');
  });

  it('records who added whom from where, and lists and exports it with filters', async () => {
    writeHistoryActor('  Zoé Lambert  ');
    expect(readHistoryActor()).toBe('Zoé Lambert');
    const grpId = org1.rootGroupId + 5;
    const userId = org1.userWithoutGroups.userId;
    await createMembership({ user_grp_grp_id: grpId, user_grp_user_id: userId }, undefined, 'form');
    await expect(
      createMembership({ user_grp_grp_id: grpId, user_grp_user_id: userId }, undefined, 'import'),
    ).rejects.toMatchObject({ status: 409 });

    const all = await fetchHistory({ filter: { grp_id: grpId }, start: 0, limit: 20 });
    expect(all.total).toBe(2);
    expect(all.result.map((event) => [event.source, event.result, event.actor])).toEqual([
      ['import', 'already_member', 'Zoé Lambert'],
      ['form', 'added', 'Zoé Lambert'],
    ]);
    const added = await fetchHistory({ filter: { grp_id: grpId, result: 'added' }, start: 0, limit: 20 });
    expect(added.result).toHaveLength(1);
    expect(added.result[0]).toMatchObject({ user_id: userId, source: 'form', group_admin: 0 });

    const csv = await fetchHistoryCsv({ grp_id: grpId, source: 'import' }, 'en');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^at,grp_id,/);
    expect(lines[1]).toContain('already_member');
    const french = (await fetchHistoryCsv({ grp_id: grpId, source: 'import' }, 'fr')).replace(/^\uFEFF/, '');
    expect(french).toMatch(/^date;groupe;/);
    expect(french).toContain(';already_member;');
  });

  it('the headers name the source and the percent-encoded name; a portal called directly gets none', () => {
    writeHistoryActor('Zoé');
    expect(historyHeaders('bulk')).toEqual({ 'X-Dashboard-Source': 'bulk', 'X-Dashboard-Actor': 'Zo%C3%A9' });
    configureApi({ baseUrl: 'https://portal.example.com/api' });
    try {
      expect(historyHeaders('bulk')).toEqual({});
    } finally {
      configureApi({ baseUrl: '/api' });
    }
  });
});
