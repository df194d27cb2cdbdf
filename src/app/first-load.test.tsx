// @vitest-environment jsdom
// A signed-in load before React renders, against the real portal server: the token check and the
// page's first query start together (the query does not wait for the check's answer), the query
// lands under the key the page asks for, and a refused token leaves nothing behind.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { groupQueries } from '#api/groups.ts';
import { membershipQueries } from '#api/memberships.ts';
import { startPortal, type RunningPortal } from '../../server/test/portal-servers.ts';
import { readToken, saveToken } from '#lib/token-storage.ts';
import { startFirstLoad } from './first-load.ts';
import { notifySessionExpired } from '#session/session-events.ts';
import { SessionProvider, useSession } from '#session/session.tsx';

let portal: RunningPortal;
const CHECK_DELAY_MS = 300;

beforeAll(async () => {
  portal = await startPortal();
  configureApi({
    baseUrl: portal.baseUrl,
    // No dashboard server: its status is asked where a static host answers 404.
    dashboardBaseUrl: `${portal.baseUrl}/dashboard-api`,
    getToken: readToken,
    onUnauthorized: notifySessionExpired,
    timeoutMs: 5_000,
  });
});
afterAll(() => portal.close());
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** fetch that answers the token check `CHECK_DELAY_MS` late and records when each request was sent and answered. */
function slowCheckFetch() {
  const log: { path: string; sentAt: number; answeredAt?: number }[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const entry: (typeof log)[number] = { path: new URL(input).pathname, sentAt: performance.now() };
    log.push(entry);
    if (entry.path.endsWith('/token/validate')) await new Promise((resolve) => setTimeout(resolve, CHECK_DELAY_MS));
    const response = await realFetch(input, init);
    entry.answeredAt = performance.now();
    return response;
  });
  return log;
}

function SessionState() {
  const { state } = useSession();
  return <p data-testid="state">{state.status}</p>;
}

describe('startFirstLoad', () => {
  it('does nothing without a stored token', () => {
    const log = slowCheckFetch();
    expect(startFirstLoad(new QueryClient(), { pathname: '/groups', search: '?view=table' })).toBeNull();
    expect(log).toEqual([]);
  });

  it("sends the groups table's page with the token check, under the table's query key", async () => {
    saveToken(portal.token, true);
    const log = slowCheckFetch();
    const queryClient = new QueryClient();
    const started = startFirstLoad(queryClient, { pathname: '/groups', search: '?view=table&size=50' });
    expect(started?.token).toBe(portal.token);
    await expect(started?.session).resolves.toEqual(expect.objectContaining({ orgId: 1 }));

    const check = log.find((entry) => entry.path.endsWith('/token/validate'));
    const page = log.find((entry) => entry.path.endsWith('/grp/get_all'));
    expect(check?.answeredAt).toBeDefined();
    // Sent before the check answered: the two travel together.
    expect(page?.sentAt).toBeLessThan(check?.answeredAt ?? 0);
    const cached = queryClient.getQueryData(groupQueries.list({ start: 0, limit: 50, filters: {} }).queryKey);
    expect(cached?.result).toHaveLength(50);
  });

  it("sends a group page's group and members page (the portal's, without a dashboard server) with the token check", async () => {
    saveToken(portal.token, false);
    const log = slowCheckFetch();
    const queryClient = new QueryClient();
    const groupId = portal.facts.org1.rootGroupId;
    const started = startFirstLoad(queryClient, { pathname: `/groups/${groupId}`, search: '?members.size=5' });
    await started?.session;
    await waitFor(() =>
      expect(queryClient.getQueryData(groupQueries.children(groupId).queryKey)?.grp_id).toBe(groupId),
    );
    const members = membershipQueries.list({ start: 0, limit: 5, filters: { user_grp_grp_id: String(groupId) } });
    await waitFor(() => expect(queryClient.getQueryData(members.queryKey)).toBeDefined());
    const check = log.find((entry) => entry.path.endsWith('/token/validate'));
    for (const path of [`/grp/get_with_children/${groupId}`, '/user_grp/get_all']) {
      expect(log.find((entry) => entry.path.endsWith(path))?.sentAt).toBeLessThan(check?.answeredAt ?? 0);
    }
  });

  it("a first query that failed before its page mounted is shown, not asked again by the page's mount", async () => {
    saveToken(portal.token, true);
    const log = slowCheckFetch();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const missing = 999_999;
    const asked = () => log.filter((entry) => entry.path.endsWith(`/grp/get_with_children/${missing}`)).length;
    await startFirstLoad(queryClient, { pathname: `/groups/${missing}`, search: '' })?.session;
    await waitFor(() =>
      expect(queryClient.getQueryState(groupQueries.children(missing).queryKey)?.status).toBe('error'),
    );
    function GroupStatus() {
      const query = useQuery(groupQueries.children(missing));
      return <p data-testid="group">{query.status}</p>;
    }
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <GroupStatus />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('group').textContent).toBe('error');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked()).toBe(1);
    // A later visit of the page asks again, as React Query does for any failed query.
    unmount();
    render(
      <QueryClientProvider client={queryClient}>
        <GroupStatus />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('a refused token: signed out, the token and everything fetched with it gone', async () => {
    saveToken(portal.expiredToken, true);
    const queryClient = new QueryClient();
    const started = startFirstLoad(queryClient, { pathname: '/groups', search: '?view=table' });
    render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider startedCheck={started}>
          <SessionState />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('checking');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('signed-out'));
    expect(readToken()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
