// A portal that answers, but with a record that breaks the schemas (a field missing or of
// another type): every route that reads through the dashboard server says so as it is, 502
// `portal_answer_invalid` naming the portal request and the field, never "the portal failed to
// answer". The embedded portal is patched: one answer of one path has one field changed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, type Portal } from '../test/support.ts';
import { inProcessPortalGateway } from './portal-gateway.ts';
import { inProcessPortalReader } from './portal-reader.ts';
import { openStore } from './store/connection.ts';
import { startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;

/** What to break: the first answer of a path starting with `path`, changed by `change`. */
let breakage: { path: string; change: (body: Record<string, unknown>) => void } | null = null;

function patched(portal: Portal) {
  return {
    request: async (path: string, init: RequestInit) => {
      const response = await portal.app.request(path, init);
      const rule = breakage;
      if (!rule || !path.startsWith(rule.path) || !response.ok) return response;
      const body = (await response.json()) as Record<string, unknown>;
      rule.change(body);
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    },
  };
}

/** The first record of a list answer, or the record of an item answer. */
const record = (body: Record<string, unknown>): Record<string, unknown> => {
  const result = body.result;
  return (Array.isArray(result) ? result[0] : result) as Record<string, unknown>;
};

describe('a portal answer that breaks the schemas, read through the dashboard server', () => {
  let h: Harness;
  let portal: Portal;
  beforeAll(async () => {
    portal = demoPortal();
    const broken = patched(portal);
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), {
      portal,
      gateway: () => inProcessPortalGateway(broken),
      reader: () => inProcessPortalReader(broken),
    });
  });
  afterAll(async () => {
    await h.close();
    portal.db.close();
  });
  beforeEach(() => {
    breakage = null;
  });

  const expectAnswerInvalid = (
    reply: { status: number; body: unknown },
    detail: { request: string; field: string; problem: string },
  ) => {
    expect(reply.status).toBe(502);
    expect(reply.body).toMatchObject({ status: false, error: { code: 'portal_answer_invalid', details: [detail] } });
    const message = (reply.body as { error: { message: string } }).error.message;
    expect(message).toContain(`field ${detail.field}`);
    expect(message).not.toMatch(/failed to answer|did not answer/);
  };

  it('the token check (every route): /token/validate without user_data.org_id', async () => {
    breakage = { path: '/token/validate', change: (body) => delete (body.user_data as Record<string, unknown>).org_id };
    // Organisation 2's token: checked here first, so no earlier check is cached.
    const reply = await h.call('GET', '/dashboard-api/people/count', { token: portal.token2 });
    expectAnswerInvalid(reply, { request: 'GET /token/validate', field: 'user_data.org_id', problem: 'missing' });
  });

  it('member counts: user_grp/get_all whose total is a string', async () => {
    await h.call('GET', '/dashboard-api/people/count'); // the token checked (and kept) before the break
    breakage = { path: '/user_grp/get_all', change: (body) => (body.total = 'many') };
    const reply = await h.call('POST', '/dashboard-api/groups/member-counts', {
      body: { grp_ids: [org1.rootGroupId + 3] },
    });
    // A string is a form the tolerant reader takes for a number; "many" is a value it cannot read.
    expectAnswerInvalid(reply, { request: 'POST /user_grp/get_all', field: 'total', problem: 'invalid_value' });
  });

  it('a progress report: its group without grp_name, at the start', async () => {
    await h.call('GET', '/dashboard-api/people/count');
    const grpId = org1.rootGroupId + 4;
    breakage = { path: `/grp/get_with_children/${grpId}`, change: (body) => delete record(body).grp_name };
    const reply = await h.call('POST', `/dashboard-api/groups/${grpId}/progress`, { body: { refresh: true } });
    expectAnswerInvalid(reply, {
      request: `GET /grp/get_with_children/${grpId}`,
      field: 'result.grp_name',
      problem: 'missing',
    });
  });

  it('a progress report: a take without take_id, while gathering (the failure names the field)', async () => {
    await h.call('GET', '/dashboard-api/people/count');
    breakage = { path: '/take/get_all_for_user/', change: (body) => delete record(body).take_id };
    const grpId = org1.rootGroupId;
    const started = await h.call('POST', `/dashboard-api/groups/${grpId}/progress`, { body: { refresh: true } });
    expect([200, 202]).toContain(started.status);
    await h.dashboard.idle();
    const report = await h.call('GET', `/dashboard-api/groups/${grpId}/progress`);
    expect(report.body.result.state).toBe('failed');
    expect(report.body.result.failure).toMatchObject({
      request: expect.stringMatching(/^POST \/take\/get_all_for_user\/\d+$/),
      code: 'portal_answer_invalid',
      message: expect.stringContaining('field result.0.take_id is missing'),
      details: [{ request: report.body.result.failure.request, field: 'result.0.take_id', problem: 'missing' }],
    });
  });

  it('the shared group index: a group without grp_name fails the gathering, its field kept (every replica)', async () => {
    await h.call('GET', '/dashboard-api/people/count');
    breakage = { path: '/grp/get_all', change: (body) => delete record(body).grp_name };
    expect((await h.call('POST', '/dashboard-api/caches/groups/refresh')).status).toBe(202);
    await h.dashboard.idle();
    const status = await h.call('GET', '/dashboard-api/caches/groups/status');
    expect(status.body.result).toMatchObject({
      state: 'failed',
      error_code: 'portal_answer_invalid',
      error_details: [{ request: 'POST /grp/get_all', field: 'result.0.grp_name', problem: 'missing' }],
    });
    // A new gathering starts without the old failure's details.
    breakage = null;
    await h.call('POST', '/dashboard-api/caches/groups/refresh');
    await h.dashboard.idle();
    const ready = await h.call('GET', '/dashboard-api/caches/groups/status');
    expect(ready.body.result).toMatchObject({ state: 'ready', error_code: null, error_details: null });
  });

  it('a lookup job: a user whose user_id is not a number (nor digits) fails that row as portal_answer_invalid', async () => {
    await h.call('GET', '/dashboard-api/people/count');
    breakage = {
      path: '/user/get_by_organisation_identifier/',
      // Digits in a string would be read as the number (the tolerant reader); "245a" is no id.
      change: (body) => (record(body).user_id = `${String(record(body).user_id)}a`),
    };
    const job = await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text: 'E100245' } });
    expect(job.status).toBe(202);
    await h.dashboard.idle();
    const rows = await h.call('GET', `/dashboard-api/jobs/${job.body.result.job_id}/rows`);
    expect(rows.body.result).toEqual([
      expect.objectContaining({ outcome: 'failed', error_code: 'portal_answer_invalid' }),
    ]);
  });

  it('an HTML page with status 200 (a misconfigured proxy) is "the portal failed", not a field', async () => {
    const html = {
      request: async () =>
        new Response('<html>maintenance</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    };
    const failure = inProcessPortalGateway(html).countMembers(portal.token1, 1);
    await expect(failure).rejects.toMatchObject({ status: 502, code: 'portal_error' });
  });
});
