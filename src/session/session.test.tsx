// @vitest-environment jsdom
// The session against the real portal server: start-up check of a stored token, one "expired"
// state however many 401s, re-sign-in over the same page, another organisation's token, and
// what another tab does to the remembered token.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '#api/config.ts';
import { fetchGroups } from '#api/groups.ts';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { tokenResultSchema } from '#schemas/token.ts';
import { startPortal, type RunningPortal } from '../../server/test/portal-servers.ts';
import { readToken, saveToken } from '#lib/token-storage.ts';
import { readUserData, writeUserData } from '#lib/user-data-storage.ts';
import { notifySessionExpired, onSessionRenewed } from './session-events.ts';
import { SessionProvider, useSession } from './session.tsx';

let portal: RunningPortal;
/** The latest signIn of the provider, for the tests to call. */
const latest: { signIn: ReturnType<typeof useSession>['signIn'] } = { signIn: async () => {} };
const signIn: ReturnType<typeof useSession>['signIn'] = (token, remember) => latest.signIn(token, remember);

function Probe() {
  const session = useSession();
  useEffect(() => {
    latest.signIn = session.signIn;
  });
  const { state } = session;
  return (
    <p data-testid="state">
      {state.status === 'signed-in' || state.status === 'expired'
        ? `${state.status} ${state.session.orgId}`
        : state.status}
    </p>
  );
}

function renderSession(queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { queryClient, state: () => screen.getByTestId('state').textContent };
}

beforeAll(async () => {
  portal = await startPortal();
  configureApi({
    baseUrl: portal.baseUrl,
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
afterEach(cleanup);

describe('SessionProvider', () => {
  it('starts signed out without a token, and signed in with a valid stored one', async () => {
    expect(renderSession().state()).toBe('signed-out');
    cleanup();
    saveToken(portal.token, false);
    const session = renderSession();
    expect(session.state()).toBe('checking');
    await waitFor(() => expect(session.state()).toBe('signed-in 1'));
  });

  it('forgets a stored token the portal refuses', async () => {
    saveToken(portal.expiredToken, true);
    const session = renderSession();
    await waitFor(() => expect(session.state()).toBe('signed-out'));
    expect(readToken()).toBeNull();
  });

  it('keeps a stored token when the portal cannot be reached', async () => {
    saveToken(portal.token, false);
    configureApi({ baseUrl: 'http://127.0.0.1:1' });
    const session = renderSession();
    await waitFor(() => expect(session.state()).toBe('unverified'));
    expect(readToken()).toBe(portal.token);
    configureApi({ baseUrl: portal.baseUrl });
  });

  it('turns many 401s into one "expired" state, then renews over the same page', async () => {
    saveToken(portal.token, false);
    const session = renderSession();
    await waitFor(() => expect(session.state()).toBe('signed-in 1'));
    let renewed = 0;
    const stop = onSessionRenewed(() => (renewed += 1));

    saveToken(portal.expiredToken, false);
    await act(() => Promise.allSettled([1, 2, 3].map(() => fetchGroups({ start: 0, limit: 1 }))));
    expect(session.state()).toBe('expired 1');

    await expect(act(() => signIn('wrong', false))).rejects.toMatchObject({ status: 401 });
    expect(session.state()).toBe('expired 1');
    await act(() => signIn(portal.token, false));
    expect(session.state()).toBe('signed-in 1');
    expect(renewed).toBe(1);
    stop();
  });

  it("drops the cached records and people when the new token is another organisation's", async () => {
    saveToken(portal.token, false);
    const { queryClient, state } = renderSession();
    await waitFor(() => expect(state()).toBe('signed-in 1'));
    queryClient.setQueryData(['groups', 'cached'], 'organisation 1 data');
    writeUserData('recent-users.org-1', [1], 'session');
    act(() => notifySessionExpired());
    expect(state()).toBe('expired 1');

    const org2Token = await tokenOf(portal.facts.org2.apikey);
    await act(() => signIn(org2Token, true));
    expect(state()).toBe('signed-in 2');
    expect(queryClient.getQueryData(['groups', 'cached'])).toBeUndefined();
    expect(readUserData('recent-users.org-1', 'session')).toBeUndefined();
    expect(localStorage.getItem('lp.token')).toBe(org2Token);
  });
});

describe('another tab with the remembered token', () => {
  /** What the browser does in this tab when another one writes to localStorage. */
  function otherTabWrites(token: string | null) {
    if (token === null) localStorage.removeItem('lp.token');
    else localStorage.setItem('lp.token', token);
    act(
      () =>
        void dispatchEvent(
          new StorageEvent('storage', { key: 'lp.token', newValue: token, storageArea: localStorage }),
        ),
    );
  }

  it('signing out there signs this tab out, and forgets the cached records', async () => {
    saveToken(portal.token, true);
    const { queryClient, state } = renderSession();
    await waitFor(() => expect(state()).toBe('signed-in 1'));
    queryClient.setQueryData(['groups', 'cached'], 'organisation 1 data');
    otherTabWrites(null);
    expect(state()).toBe('signed-out');
    expect(queryClient.getQueryData(['groups', 'cached'])).toBeUndefined();
  });

  it("another organisation's token there switches this tab to it, with nothing of the first left", async () => {
    saveToken(portal.token, true);
    const { queryClient, state } = renderSession();
    await waitFor(() => expect(state()).toBe('signed-in 1'));
    queryClient.setQueryData(['groups', 'cached'], 'organisation 1 data');
    let renewed = 0;
    const stop = onSessionRenewed(() => (renewed += 1));

    otherTabWrites(await tokenOf(portal.facts.org2.apikey));
    await waitFor(() => expect(state()).toBe('signed-in 2'));
    expect(queryClient.getQueryData(['groups', 'cached'])).toBeUndefined();
    expect(renewed).toBe(1);
    stop();
  });

  it('a new token of the same organisation there renews an expired session here, the records kept', async () => {
    saveToken(portal.token, true);
    const { queryClient, state } = renderSession();
    await waitFor(() => expect(state()).toBe('signed-in 1'));
    act(() => notifySessionExpired());
    queryClient.setQueryData(['groups', 'cached'], 'organisation 1 data');
    otherTabWrites(await tokenOf(portal.facts.org1.apikey));
    await waitFor(() => expect(state()).toBe('signed-in 1'));
    expect(queryClient.getQueryData(['groups', 'cached'])).toBe('organisation 1 data');
  });

  it('a token the portal refuses there signs this tab out', async () => {
    saveToken(portal.token, true);
    const { state } = renderSession();
    await waitFor(() => expect(state()).toBe('signed-in 1'));
    otherTabWrites(portal.expiredToken);
    await waitFor(() => expect(state()).toBe('signed-out'));
  });

  it('a tab signed in for itself only keeps its own token', async () => {
    saveToken(portal.token, false);
    localStorage.setItem('lp.token', 'remembered-by-another-tab');
    const { state } = renderSession();
    await waitFor(() => expect(state()).toBe('signed-in 1'));
    otherTabWrites(await tokenOf(portal.facts.org2.apikey));
    otherTabWrites(null);
    expect(state()).toBe('signed-in 1');
    expect(readToken()).toBe(portal.token);
  });
});

/** A new token of the organisation of `apikey`, straight from the portal. */
async function tokenOf(apikey: string): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apikey }),
  });
  return itemEnvelopeSchema(tokenResultSchema).parse(await response.json()).result.token;
}
