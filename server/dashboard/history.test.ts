// The history: every POST /api/user_grp/create that goes through the server (embedded portal
// or proxy) is recorded with its outcome, source and actor; listed with filters and paging,
// exported as CSV; organisation 2 never sees organisation 1's events.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { expectError } from '../test/support.ts';
import { openStore, type DashboardStore } from './store/connection.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const org2 = demoFacts.org2;
const freeUser = org1.userWithoutGroups.userId;

interface Event {
  grp_id: number;
  user_id: number;
  source: string;
  actor: string | null;
  result: string;
  error_code: string | null;
  group_admin: number;
  membership_id: number | null;
  at: string;
}

async function create(
  h: Harness,
  grpId: number,
  userId: number,
  headers: Record<string, string> = {},
  admin?: number,
  token?: string,
) {
  const body =
    admin === undefined
      ? { user_grp_grp_id: grpId, user_grp_user_id: userId }
      : { user_grp_grp_id: grpId, user_grp_user_id: userId, user_grp_group_admin: admin };
  return h.call('POST', '/api/user_grp/create', { body, headers, token });
}

function recordingTests(open: () => Promise<DashboardStore>, viaProxy: boolean) {
  let h: Harness;
  let events: Event[];
  beforeAll(async () => {
    h = await startHarness(await open(), { viaProxy });
    const g = org1.rootGroupId;
    expect(
      (
        await create(
          h,
          g + 3,
          freeUser,
          { 'x-dashboard-source': 'form', 'x-dashboard-actor': encodeURIComponent('  Zoë  Admin ') },
          1,
        )
      ).status,
    ).toBe(200);
    expect((await create(h, g + 3, freeUser, { 'x-dashboard-source': 'import' })).status).toBe(409);
    expect((await create(h, 999_999, freeUser, { 'x-dashboard-source': 'bulk' })).status).toBe(404);
    expect((await create(h, g + 4, freeUser, { 'x-dashboard-source': 'copy' }, 7)).status).toBe(400);
    expect((await create(h, g + 5, freeUser, { 'x-dashboard-source': 'hacker' })).status).toBe(200);
    // Not recorded: a refused token has no organisation, a body without ids names nothing.
    expect((await create(h, g + 6, freeUser, {}, undefined, 'not-a-token')).status).toBe(401);
    expect((await h.call('POST', '/api/user_grp/create', { body: { user_grp_grp_id: g } })).status).toBe(400);
    // Organisation 2's own membership.
    expect(
      (await create(h, org2.groupId, org2.userId, { 'x-dashboard-source': 'form' }, 0, 'token-org-2')).status,
    ).toBe(409);
    events = (await h.call('GET', '/dashboard-api/history')).body.result;
  });
  afterAll(async () => h.close());

  it('records every creation with its outcome, newest first', () => {
    const g = org1.rootGroupId;
    expect(events.map((e) => [e.grp_id, e.source, e.result, e.error_code])).toEqual([
      [g + 5, 'unknown', 'added', null],
      [g + 4, 'copy', 'failed', 'invalid_body'],
      [999_999, 'bulk', 'failed', 'not_found'],
      [g + 3, 'import', 'already_member', 'duplicate_membership'],
      [g + 3, 'form', 'added', null],
    ]);
    expect(events.every((e) => e.user_id === freeUser)).toBe(true);
  });

  it('keeps the group-admin flag, the membership id and the actor label (decoded, trimmed), never the token', async () => {
    const added = events[4];
    expect(added).toMatchObject({ group_admin: 1, actor: 'Zoë Admin' });
    expect(added?.membership_id).toBeGreaterThan(0);
    expect(events[3]?.actor).toBeNull();
    const rows = await h.store.db.selectFrom('membership_event').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(h.portal.token1);
  });

  it('filters by group, person, source, result and date range, with the total', async () => {
    const g = org1.rootGroupId;
    const total = async (query: string) => (await h.call('GET', `/dashboard-api/history?${query}`)).body.total;
    expect(await total(`grp_id=${g + 3}`)).toBe(2);
    expect(await total(`user_id=${freeUser}`)).toBe(5);
    expect(await total('user_id=1')).toBe(0);
    expect(await total('source=copy')).toBe(1);
    expect(await total('result=failed')).toBe(2);
    expect(await total(`grp_id=${g + 3}&result=added&source=form`)).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await total(`from=${today}&to=${today}`)).toBe(5);
    expect(await total('to=2000-01-01')).toBe(0);
    expect(await total(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toBe(0);
    expect(
      await total(`to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString().replace('Z', '+00:00'))}`),
    ).toBe(5);
  });

  it('pages server-side', async () => {
    const page = await h.call('GET', '/dashboard-api/history?start=1&limit=2');
    expect(page.body.total).toBe(5);
    expect(page.body.result.map((e: Event) => e.source)).toEqual(['copy', 'bulk']);
  });

  it('names the person from the directory once it knows them', async () => {
    await h.call(
      'GET',
      `/api/user/get_by_organisation_identifier/${encodeURIComponent(org1.userWithoutGroups.identifier)}`,
    );
    const [event] = (await h.call('GET', '/dashboard-api/history?limit=1')).body.result;
    expect(event.user_organisation_identifier).toBe(org1.userWithoutGroups.identifier);
    expect(typeof event.lastname).toBe('string');
    expect(event.email).toMatch(/@/);
    // The file has the e-mail next to the name.
    const csv = await h.call('GET', `/dashboard-api/history.csv?user_id=${event.user_id}&lang=en`);
    const [header, row] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const cells = Papa.parse<string[]>(`${header}\n${row}`).data;
    expect(cells[1]?.[(cells[0] ?? []).indexOf('email')]).toBe(event.email);
    expect((cells[0] ?? []).indexOf('email')).toBe((cells[0] ?? []).indexOf('lastname') + 1);
  });

  it('refuses bad filters with the error body', async () => {
    expectError(await h.call('GET', '/dashboard-api/history?source=hacker'), 400, 'invalid_body');
    expectError(await h.call('GET', '/dashboard-api/history?from=yesterday'), 400, 'invalid_body');
    expectError(await h.call('GET', '/dashboard-api/history?to=2026-01-31T10:00'), 400, 'invalid_body');
    expectError(await h.call('GET', '/dashboard-api/history?grp_id=abc'), 400, 'invalid_body');
  });

  it('exports the filtered history as CSV', async () => {
    const csv = await h.call('GET', `/dashboard-api/history.csv?grp_id=${org1.rootGroupId + 3}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'at,grp_id,user_id,user_organisation_identifier,firstname,lastname,email,group_admin,source,actor,result,error_code,membership_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',import,,already_member,duplicate_membership,');
    expect(lines[2]).toContain(',form,Zoë Admin,added,,');
  });

  it('organisation 2 sees only its own events, in the list and the export', async () => {
    const list = await h.call('GET', '/dashboard-api/history', { token: 'token-org-2' });
    expect(list.body.total).toBe(1);
    expect(list.body.result[0]).toMatchObject({ grp_id: org2.groupId, user_id: org2.userId, result: 'already_member' });
    expect(
      (await h.call('GET', `/dashboard-api/history?user_id=${freeUser}`, { token: 'token-org-2' })).body.total,
    ).toBe(0);
    const csv = await h.call('GET', '/dashboard-api/history.csv', { token: 'token-org-2' });
    const rows = csv.text.trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',').slice(1, 3))).toEqual([[String(org2.groupId), String(org2.userId)]]);
  });
}

describeEachStore('history through the embedded portal', (_dialect, open) => recordingTests(open, false));
describeEachStore('history through the proxy', (_dialect, open) => recordingTests(open, true));

describe('history CSV export of a label a spreadsheet would run', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }));
  });
  afterAll(async () => h.close());

  it('starts the cell with an apostrophe', async () => {
    await create(h, org1.rootGroupId + 3, freeUser, {
      'x-dashboard-actor': encodeURIComponent('=HYPERLINK("http://x")'),
    });
    const csv = await h.call('GET', '/dashboard-api/history.csv');
    expect(csv.text.split('\r\n')[1]).toContain(`,"'=HYPERLINK(""http://x"")",`);
  });

  it("writes the caller's language: ?lang=fr, else Accept-Language; French with ; and French headers", async () => {
    const g = org1.rootGroupId + 4;
    await create(h, g, freeUser, { 'x-dashboard-actor': 'bob;=1+2;c' });
    const lines = async (query: string, headers: Record<string, string> = {}) => {
      const csv = await h.call('GET', `/dashboard-api/history.csv?grp_id=${g}${query}`, { headers });
      expect(csv.status).toBe(200);
      return {
        lines: csv.text
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
        language: csv.headers.get('content-language'),
      };
    };
    const french = await lines('&lang=fr');
    expect(french.language).toBe('fr');
    expect(french.lines[0]).toMatch(/^date;groupe;utilisateur;identifiant;prénom;nom;/);
    // The actor holds the separator: quoted, one cell; what follows a separator cannot start a formula.
    expect(french.lines[1]).toContain(`;"bob;'=1+2;c";added;`);
    expect((await lines('', { 'accept-language': 'de-DE, fr-CA;q=0.9, en;q=0.8' })).lines[0]).toMatch(/^date;groupe;/);
    expect((await lines('&lang=en', { 'accept-language': 'fr-FR' })).lines[0]).toMatch(/^at,grp_id,/);
    const english = await lines('', { 'accept-language': 'en-GB,fr;q=0.5' });
    expect(english.language).toBe('en');
    expect(english.lines[1]).toContain(`,bob;'=1+2;c,added,`);
    expect((await lines('')).lines[0]).toMatch(/^at,grp_id,/);
    expectError(await h.call('GET', '/dashboard-api/history.csv?lang=de'), 400, 'invalid_body');
  });
});
