// The hand-written baseline answers the benchmarked requests with the very bytes of the production
// server's /api (startProduction: createApp over the demo-seeded portal, on a real port), on the
// same database, so that the bench compares two servers doing the same work.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStarted, startProduction, type Started } from '../../server/web/test-production.ts';
import { createHandServer } from './hand-server.ts';

let production: Started;
let hand: Server;
let handUrl: string;

beforeAll(async () => {
  production = await startProduction();
  hand = createHandServer(production.portal.db, new Map([[production.portal.token1, 1]]));
  await new Promise<void>((resolve) => hand.listen(0, '127.0.0.1', resolve));
  const address = hand.address();
  handUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => hand.close(resolve));
  await closeStarted();
});

async function post(url: string, body: unknown, token = production.portal.token1) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

const both = (path: string, body: unknown) =>
  Promise.all([post(`http://127.0.0.1:${production.port}/api${path}`, body), post(`${handUrl}${path}`, body)]);

const parentIds = () =>
  production.portal.db
    .prepare('SELECT DISTINCT grp_parent_id FROM grp WHERE org_id = 1 AND grp_parent_id IS NOT NULL ORDER BY 1')
    .pluck()
    .all() as number[];

describe('the hand-written baseline server', () => {
  it('answers groups filtered by each parent with the same bytes as npm start', async () => {
    const parents = parentIds();
    expect(parents.length).toBeGreaterThan(1);
    let withRows = 0;
    for (const parent of [...parents, 999_999]) {
      const [project, own] = await both('/grp/get_all', {
        criterias: [{ column: 'grp_parent_id', operator: 'equal', value: String(parent) }],
      });
      expect(project.status).toBe(200);
      expect(own).toEqual(project);
      if ((JSON.parse(project.text) as { result: unknown[] }).result.length > 0) withRows++;
    }
    expect(withRows).toBe(parents.length);
  });

  it('answers pages of groups and of memberships with the same bytes, past the end too', async () => {
    for (const [path, body] of [
      ['/grp/get_all', {}],
      ['/grp/get_all', { start: 0, limit: 50 }],
      ['/grp/get_all', { start: 3, limit: 2 }],
      ['/grp/get_all', { start: 10_000, limit: 50 }],
      ['/user_grp/get_all', { start: 0, limit: 10 }],
      ['/user_grp/get_all', { start: 10, limit: 10 }],
      ['/user_grp/get_all', { start: 5, limit: 1000 }],
    ] as const) {
      const [project, own] = await both(path, body);
      expect(project.status).toBe(200);
      expect(JSON.parse(project.text)).toMatchObject({ status: true });
      expect(own).toEqual(project);
    }
  });

  it("answers another organisation's token with 401, and bad pages with 400, in the portal's envelope", async () => {
    const other = await post(`${handUrl}/grp/get_all`, {}, production.portal.token2);
    expect(other.status).toBe(401);
    expect(JSON.parse(other.text)).toMatchObject({ status: false, error: { code: 'invalid_token' } });
    const bad = await post(`${handUrl}/grp/get_all`, { limit: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ status: false, error: { code: 'invalid_body' } });
  });
});
