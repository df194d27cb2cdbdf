// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { User } from '#schemas/user.ts';
import { startPortal, type RunningPortal } from '../../../server/test/portal-servers.ts';
import { SessionProvider } from '#session/session.tsx';
import { readToken, saveToken } from '#lib/token-storage.ts';
import { clearUserData } from '#lib/user-data-storage.ts';
import {
  addRecentUser,
  maxRecentUsers,
  readRecentUsers,
  useRecentUsersScope,
  type RecentUsersScope,
} from './recent-users.ts';

function user(id: number): User {
  return {
    user_id: id,
    email: null,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    user_organisation_identifier: `id-${id}`,
    groups: [],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
  };
}

const org1Device: RecentUsersScope = { orgId: 1, persistence: 'local' };
const org1Tab: RecentUsersScope = { orgId: 1, persistence: 'session' };
const org2Device: RecentUsersScope = { orgId: 2, persistence: 'local' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('recent users', () => {
  it('puts the latest first, once, and keeps the list short', () => {
    for (let id = 1; id <= maxRecentUsers + 2; id += 1) addRecentUser(org1Device, user(id));
    addRecentUser(org1Device, user(5));
    const ids = readRecentUsers(org1Device).map((u) => u.user_id);
    expect(ids[0]).toBe(5);
    expect(ids).toHaveLength(maxRecentUsers);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lives in the storage of the token: this tab for a tab-only sign-in, the device when remembered', () => {
    addRecentUser(org1Tab, user(1));
    expect(Object.keys(sessionStorage)).toEqual(['lp.data.recent-users.org-1']);
    expect(localStorage.length).toBe(0);
    addRecentUser(org1Device, user(2));
    expect(Object.keys(localStorage)).toEqual(['lp.data.recent-users.org-1']);
    expect(readRecentUsers(org1Tab).map((u) => u.user_id)).toEqual([1]);
    expect(readRecentUsers(org1Device).map((u) => u.user_id)).toEqual([2]);
  });

  it('keeps one list per organisation', () => {
    addRecentUser(org1Device, user(1));
    addRecentUser(org2Device, user(2));
    expect(readRecentUsers(org1Device).map((u) => u.user_id)).toEqual([1]);
    expect(readRecentUsers(org2Device).map((u) => u.user_id)).toEqual([2]);
  });

  it('is cleared on sign out with the rest of the people data, every organisation and storage', () => {
    addRecentUser(org1Device, user(1));
    addRecentUser(org1Tab, user(1));
    addRecentUser(org2Device, user(2));
    clearUserData();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('lp.data.recent-users.org-1', '{"not":"a list"}');
    expect(readRecentUsers(org1Device)).toEqual([]);
  });
});

describe('useRecentUsersScope', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
    configureApi({ baseUrl: portal.baseUrl, getToken: readToken, timeoutMs: 5_000 });
  });
  afterAll(() => portal.close());
  afterEach(cleanup);

  function Probe() {
    const scope = useRecentUsersScope();
    return <p data-testid="scope">{scope ? `${scope.orgId} ${scope.persistence}` : 'none'}</p>;
  }

  async function scopeWith(token: string, remember: boolean): Promise<string | null> {
    saveToken(token, remember);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('scope').textContent).toBe('none');
    await waitFor(() => expect(screen.getByTestId('scope').textContent).not.toBe('none'));
    return screen.getByTestId('scope').textContent;
  }

  it('follows the signed-in organisation and where its token is kept', async () => {
    expect(await scopeWith(portal.token, false)).toBe('1 session');
    cleanup();
    expect(await scopeWith(portal.token, true)).toBe('1 local');
  });
});
