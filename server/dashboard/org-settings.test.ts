// The organisation's settings on SQLite and PostgreSQL: the defaults until saved, a name trimmed
// and checked, refresh hours within 1 to 720, and each organisation its own.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError } from '../test/support.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

describeEachStore('organisation settings', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open(), { dashboard: { directoryRefreshHours: 12 } });
  });
  afterAll(async () => h.close());

  const get = (token?: string) => h.call('GET', '/dashboard-api/settings', { token });
  const put = (body: unknown, token?: string) => h.call('PUT', '/dashboard-api/settings', { body, token });

  it("answers the server's defaults before anything is saved", async () => {
    expect((await get()).body).toEqual({
      status: true,
      result: {
        organisation_name: null,
        directory_refresh_hours: 12,
        default_directory_refresh_hours: 12,
        updated_at: null,
      },
    });
  });

  it('saves a name (trimmed) and refresh hours, and answers them from then on', async () => {
    const saved = await put({ organisation_name: '  Acme Formation ', directory_refresh_hours: 48 });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ organisation_name: 'Acme Formation', directory_refresh_hours: 48 });
    expect(saved.body.result.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await get()).body.result).toEqual(saved.body.result);
  });

  it('stores a blank name as no name, and 100 characters (emoji count as one) at most', async () => {
    expect((await put({ organisation_name: '   ', directory_refresh_hours: 1 })).body.result).toMatchObject({
      organisation_name: null,
      directory_refresh_hours: 1,
    });
    const longest = `${'😀'.repeat(99)}é`;
    expect((await put({ organisation_name: ` ${longest} `, directory_refresh_hours: 720 })).body.result).toMatchObject({
      organisation_name: longest,
      directory_refresh_hours: 720,
    });
  });

  it.each([
    [{ organisation_name: 'x'.repeat(101), directory_refresh_hours: 24 }],
    [{ organisation_name: 'Acme\nFormation', directory_refresh_hours: 24 }],
    [{ organisation_name: 'Acme\u0000', directory_refresh_hours: 24 }],
    [{ organisation_name: 'Acme\t', directory_refresh_hours: 24 }],
    [{ organisation_name: 'Acme', directory_refresh_hours: 0 }],
    [{ organisation_name: 'Acme', directory_refresh_hours: 721 }],
    [{ organisation_name: 'Acme', directory_refresh_hours: 1.5 }],
    [{ organisation_name: 'Acme', directory_refresh_hours: '24' }],
    [{ organisation_name: 'Acme' }],
    [{ directory_refresh_hours: 24 }],
    [{ organisation_name: 42, directory_refresh_hours: 24 }],
  ])('refuses %j with 400 invalid_body and changes nothing', async (body) => {
    const before = (await get()).body.result;
    expectError(await put(body), 400, 'invalid_body');
    expect((await get()).body.result).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const reply = await h.call('PUT', '/dashboard-api/settings', {
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expectError(reply, 400, 'invalid_json');
  });

  it("keeps each organisation's settings its own", async () => {
    const own = (await get()).body.result;
    expect((await get('token-org-2')).body.result).toMatchObject({ organisation_name: null, updated_at: null });
    await put({ organisation_name: 'Other Org', directory_refresh_hours: 6 }, 'token-org-2');
    expect((await get('token-org-2')).body.result.organisation_name).toBe('Other Org');
    expect((await get()).body.result).toEqual(own);
  });
});
