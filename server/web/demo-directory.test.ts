// `npm start` with the demo seed starts with organisation 1's people in the directory: each
// identifier looked up through the portal by the server's lookup jobs (names from the portal's
// answers), only while the directory is empty, and never for `DASHBOARD_DEMO_DIRECTORY=0`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalReader } from '#domain/portal-read.ts';
import { openStore } from '../dashboard/store/connection.ts';
import { startHarness, type Harness } from '../dashboard/test/harness.ts';
import { fillDemoDirectory, fillsDemoDirectory } from './demo-directory.ts';

describe('the demo directory', () => {
  let h: Harness;
  const lookedUp: string[] = [];
  // The lookups are a job of the job engine, which reads the portal with the reader.
  const counting =
    (inner: PortalReader): PortalReader =>
    (token, read) => {
      const match = /^\/user\/get_by_organisation_identifier\/(.+)$/.exec(read.path);
      if (match) lookedUp.push(decodeURIComponent(match[1] as string));
      return inner(token, read);
    };
  beforeAll(async () => {
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), { reader: counting });
  });
  afterAll(async () => h.close());

  it('is filled for the demo seed unless DASHBOARD_DEMO_DIRECTORY is 0', () => {
    expect(fillsDemoDirectory({})).toBe(true);
    expect(fillsDemoDirectory({ PORTAL_SEED: 'demo', DASHBOARD_DEMO_DIRECTORY: '1' })).toBe(true);
    expect(fillsDemoDirectory({ DASHBOARD_DEMO_DIRECTORY: '0' })).toBe(false);
    expect(fillsDemoDirectory({ PORTAL_SEED: 'large' })).toBe(false);
    expect(fillsDemoDirectory({ PORTAL_SEED: 'none' })).toBe(false);
  });

  it("looks every identified user of organisation 1 up through the portal, and keeps the portal's names", async () => {
    const users = h.portal.db
      .prepare(
        'SELECT user_id, firstname, lastname, user_organisation_identifier AS identifier FROM portal_user WHERE org_id = 1 AND user_organisation_identifier IS NOT NULL ORDER BY user_id',
      )
      .all() as { user_id: number; firstname: string | null; lastname: string | null; identifier: string }[];
    expect(users.length).toBeGreaterThan(100);
    await fillDemoDirectory(h.portal.db, h.dashboard, h.portal.token1);
    await h.dashboard.idle();
    expect([...lookedUp].sort()).toEqual(users.map((u) => u.identifier).sort());
    expect((await h.call('GET', '/dashboard-api/people/count')).body.result.total).toBe(users.length);
    const names = await h.call('POST', '/dashboard-api/people/names', {
      body: { user_ids: users.slice(0, 50).map((u) => u.user_id) },
    });
    expect(names.body.result.map((p: { firstname: string; lastname: string }) => [p.firstname, p.lastname])).toEqual(
      users.slice(0, 50).map((u) => [u.firstname, u.lastname]),
    );
    const jobs = (await h.call('GET', '/dashboard-api/jobs')).body.result;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'lookup', state: 'done', total: users.length, found: users.length });
    // Organisation 2's directory is not filled.
    expect((await h.call('GET', '/dashboard-api/people/count', { token: h.portal.token2 })).body.result.total).toBe(0);
  });

  it('does nothing once the directory has people', async () => {
    lookedUp.length = 0;
    await fillDemoDirectory(h.portal.db, h.dashboard, h.portal.token1);
    await h.dashboard.idle();
    expect(lookedUp).toEqual([]);
    expect((await h.call('GET', '/dashboard-api/jobs')).body.result).toHaveLength(1);
  });
});
