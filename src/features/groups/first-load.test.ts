// The group page's first load under the dashboard server (the production app in-process, its
// embedded demo portal): the members table's first page is the server's named list, asked for
// once the status says the server is there; the portal's list, which the page would not show, is
// never asked for.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { groupMemberQueries } from '#api/group-members.ts';
import { demoFacts } from '../../../server/seed/facts.ts';
import { openStore } from '../../../server/dashboard/store/connection.ts';
import { startHarness, type Harness } from '../../../server/dashboard/test/harness.ts';
import { directoryMembersParams } from './members-params.ts';
import { startGroupPage } from './first-load.ts';

let h: Harness;
const requested: string[] = [];

beforeAll(async () => {
  h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }));
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    requested.push(new URL(input, 'http://dashboard.test').pathname);
    return h.app.request(input, init);
  });
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => h.portal.token1 });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await h.close();
});

describe("the group page's first load with the dashboard server", () => {
  it('starts the named members list the table shows, not the portal one', async () => {
    const queryClient = new QueryClient();
    const groupId = demoFacts.org1.rootGroupId;
    startGroupPage(queryClient, groupId, new URLSearchParams('members.size=5&members.sort=email'));
    const members = groupMemberQueries.page(groupId, directoryMembersParams(1, 5, false, 'email'));
    await vi.waitFor(() => expect(queryClient.getQueryData(members.queryKey)).toBeDefined(), { timeout: 5_000 });
    expect(requested).toContain('/dashboard-api/status');
    expect(requested).toContain(`/dashboard-api/groups/${groupId}/members`);
    expect(requested).not.toContain('/api/user_grp/get_all');
  });

  it('asks it once for the page: a failure before the page mounts is not asked again on mount', async () => {
    const queryClient = new QueryClient();
    const groupId = demoFacts.org1.rootGroupId;
    startGroupPage(queryClient, groupId, new URLSearchParams());
    const members = groupMemberQueries.page(groupId, directoryMembersParams(1, 20, false, null));
    await vi.waitFor(() => expect(queryClient.getQueryData(members.queryKey)).toBeDefined(), { timeout: 5_000 });
    expect(queryClient.getQueryDefaults(members.queryKey).retryOnMount).toBe(false);
    // The page's table subscribes: from then on, the query is like any other.
    const unsubscribe = new QueryObserver(queryClient, members).subscribe(() => undefined);
    expect(queryClient.getQueryDefaults(members.queryKey).retryOnMount).toBeUndefined();
    unsubscribe();
  });
});
