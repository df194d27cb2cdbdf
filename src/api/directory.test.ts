// @vitest-environment jsdom
// The browser's side of the people directory: names batched into one request per page of rows,
// what the dashboard teaches the directory (only what the server did not see pass), and the
// refresh of stale records.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './config.ts';
import { learnUsers, portalCallsPassServer, refreshStalePerson } from './directory-learning.ts';
import { directoryQueries } from './directory.ts';
import { knownUser } from './known-users.ts';
import type { Person } from './schemas/directory.ts';
import type { User } from './schemas/user.ts';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

const person = (userId: number, extra: Partial<Person> = {}): Person => ({
  user_id: userId,
  user_organisation_identifier: `E${100000 + userId}`,
  firstname: 'Ada',
  lastname: `Person${userId}`,
  email: null,
  groups: [],
  group_ids: [],
  last_seen: '2026-01-01T00:00:00.000Z',
  stale: false,
  no_longer_in_portal: false,
  gone_at: null,
  ...extra,
});

const user = (userId: number, extra: Partial<User> = {}): User => ({
  user_id: userId,
  email: `u${userId}@example.com`,
  firstname: 'Zoé',
  lastname: `User${userId}`,
  user_organisation_identifier: `E${100000 + userId}`,
  groups: ['sales'],
  properties: {},
  user_created_date: '2024-01-01T00:00:00Z',
  user_updated_date: '2024-01-02T00:00:00Z',
  ...extra,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: Sent[];
/** The directory's people; `server: false` answers like a static host (HTML). */
let world: { people: Person[]; server: boolean; users: User[] };

beforeEach(() => {
  sent = [];
  world = { people: [], server: true, users: [] };
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost:3000');
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init.method ?? 'GET', url: url.pathname, body });
    if (url.pathname.startsWith('/dashboard-api') && !world.server) return new Response('<!doctype html>');
    if (url.pathname === '/dashboard-api/status') {
      return json({ status: true, result: { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 } });
    }
    if (url.pathname === '/dashboard-api/people/names') {
      const ids = (body as { user_ids: number[] }).user_ids;
      return json({ status: true, result: world.people.filter((p) => ids.includes(p.user_id)) });
    }
    if (url.pathname === '/dashboard-api/people') {
      return json({
        status: true,
        result: { saved: (body as { identifiers: unknown[] }).identifiers.length, not_found: 0 },
      });
    }
    const identifier = /\/user\/get_by_organisation_identifier\/(.+)$/.exec(url.pathname)?.[1];
    const found = world.users.find((u) => u.user_organisation_identifier === decodeURIComponent(identifier ?? ''));
    if (found) return json({ status: true, result: found });
    return json({ status: false, error: { code: 'not_found', message: 'No such user.' } }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const namesRequests = () => sent.filter((s) => s.url === '/dashboard-api/people/names');
const saveRequests = () => sent.filter((s) => s.url === '/dashboard-api/people');

describe('names for user ids', () => {
  it('asks once for a page of rows, and answers null for the ids the directory does not know', async () => {
    world.people = [person(3), person(7)];
    const client = new QueryClient();
    const ids = [3, 5, 7, 9];
    const names = await Promise.all(ids.map((id) => client.fetchQuery(directoryQueries.name(id))));
    expect(namesRequests()).toEqual([{ method: 'POST', url: '/dashboard-api/people/names', body: { user_ids: ids } }]);
    expect(names.map((name) => name?.lastname ?? null)).toEqual(['Person3', null, 'Person7', null]);
  });

  it('splits more than 500 ids into requests of at most 500', async () => {
    const client = new QueryClient();
    const ids = Array.from({ length: 620 }, (_, i) => i + 1);
    await Promise.all(ids.map((id) => client.fetchQuery(directoryQueries.name(id))));
    const sizes = namesRequests().map((request) => (request.body as { user_ids: number[] }).user_ids.length);
    expect(sizes).toEqual([500, 120]);
  });
});

describe('teaching the directory', () => {
  it('knows whether portal calls pass through the dashboard server', () => {
    expect(portalCallsPassServer('/api', 'https://dash.example')).toBe(true);
    expect(portalCallsPassServer('https://dash.example/api/', 'https://dash.example')).toBe(true);
    expect(portalCallsPassServer('https://portal.example/api', 'https://dash.example')).toBe(false);
    expect(portalCallsPassServer('/portal-api', 'https://dash.example')).toBe(false);
  });

  it('through the server: saves nothing itself (the server learned as it passed), names at once, reads the name again', async () => {
    const client = new QueryClient();
    await client.fetchQuery(directoryQueries.name(41));
    await learnUsers(client, [user(41)]);
    expect(saveRequests()).toEqual([]);
    expect(knownUser(41)).toMatchObject({ firstname: 'Zoé', lastname: 'User41' });
    expect(client.getQueryState(directoryQueries.name(41).queryKey)?.isInvalidated).toBe(true);
  });

  it('calling the portal directly beside a dashboard server: sends the identifiers it met to POST /people, never the records', async () => {
    configureApi({ baseUrl: 'https://portal.example/api' });
    await learnUsers(new QueryClient(), [
      user(42),
      user(43),
      user(42),
      user(45, { user_organisation_identifier: null }),
    ]);
    expect(saveRequests()).toEqual([
      {
        method: 'POST',
        url: '/dashboard-api/people',
        body: { identifiers: [user(42).user_organisation_identifier, user(43).user_organisation_identifier] },
      },
    ]);
    expect(knownUser(45)).toMatchObject({ lastname: 'User45' });
  });

  it('on a static host (no dashboard server): sends nothing, and still names them in this session', async () => {
    configureApi({ baseUrl: 'https://portal.example/api' });
    world.server = false;
    await learnUsers(new QueryClient(), [user(44)]);
    expect(saveRequests()).toEqual([]);
    expect(knownUser(44)).toMatchObject({ lastname: 'User44' });
  });
});

describe('stale records', () => {
  const lookups = () => sent.filter((s) => s.url.startsWith('/api/user/get_by_organisation_identifier/'));

  it('are looked up again once, by identifier; fresh ones are not', async () => {
    world.users = [user(51)];
    const client = new QueryClient();
    refreshStalePerson(client, person(51, { stale: true }));
    refreshStalePerson(client, person(51, { stale: true }));
    refreshStalePerson(client, person(52));
    await vi.waitFor(() => expect(knownUser(51)).toMatchObject({ lastname: 'User51' }));
    expect(lookups().map((s) => s.url)).toEqual(['/api/user/get_by_organisation_identifier/E100051']);
  });
});
