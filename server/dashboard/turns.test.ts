// /dashboard-api takes its turns with /api: `npm start` gives the embedded portal and the
// dashboard server one turn scheduler (server/serve.ts), so that a turn spent on one makes the
// other wait too, first come first served; the lookups of a people list (lookup jobs) wait in the
// scheduler's background queue (its own tests: server/portal/turns.test.ts).
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPortal, type Portal } from '../test/support.ts';
import { isBackgroundEnv, turnScheduler } from '../portal/turns.ts';
import { openDashboardServer } from './open.ts';
import { inProcessPortalGateway } from './portal-gateway.ts';
import { openStore } from './store/connection.ts';
import { startHarness, type Harness } from './test/harness.ts';

function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('/dashboard-api in the turns of /api', () => {
  const shared = turnScheduler();
  let portal: Portal;
  let h: Harness;
  /** Another app on the same scheduler whose requests each spend a whole turn (3 ms). */
  const heavy = new Hono();
  heavy.use('*', shared);
  heavy.get('/:n', (c) => {
    busy(3);
    return c.text(c.req.param('n'));
  });

  beforeAll(async () => {
    portal = demoPortal({ takeTurns: shared });
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), {
      portal,
      gateway: () => inProcessPortalGateway(portal.app),
      dashboard: { takeTurns: shared },
    });
    // The token's organisation is remembered from here on: no portal request inside the calls below.
    expect((await h.call('GET', '/dashboard-api/people/count')).status).toBe(200);
  });
  afterAll(async () => {
    await h.close();
    portal.db.close();
  });

  it('makes a /dashboard-api request wait for a later turn, like an /api one, once the turn is spent', async () => {
    const order: string[] = [];
    const done = (name: string) => () => order.push(name);
    // The first heavy request spends this turn: the second one waits for the next, and so do the
    // requests behind it, however little work they have (a count from the dashboard's store).
    const answers = [
      Promise.resolve(heavy.request('/1')).then(done('heavy 1')),
      Promise.resolve(heavy.request('/2')).then(done('heavy 2')),
      h.call('GET', '/api/product/definition').then(done('/api')),
      h.call('GET', '/dashboard-api/people/count').then(done('/dashboard-api')),
    ];
    await Promise.all(answers);
    expect(order.slice(0, 2)).toEqual(['heavy 1', 'heavy 2']);
    expect(order.slice(2).sort()).toEqual(['/api', '/dashboard-api']);
  });
});

describe("a people list's lookups to the embedded portal", () => {
  it('go as background requests (server/dashboard/open.ts), the token checks as interactive ones', async () => {
    const portal = demoPortal();
    const asked: { path: string; background: boolean }[] = [];
    const recording = {
      request: (path: string, init: RequestInit, env?: object) => {
        asked.push({ path: path.split('/').slice(0, 3).join('/'), background: isBackgroundEnv(env) });
        return portal.app.request(path, init, env);
      },
    };
    const server = await openDashboardServer({ DASHBOARD_DB: ':memory:' }, { portal: recording });
    try {
      const started = await server.api.request('/jobs', {
        method: 'POST',
        headers: { authorization: portal.token1, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'lookup', text: 'nobody-1\nnobody-2' }),
      });
      expect(started.status).toBe(202);
      await server.idle();
      expect(asked).toEqual([
        { path: '/token/validate', background: false },
        { path: '/user/get_by_organisation_identifier', background: true },
        { path: '/user/get_by_organisation_identifier', background: true },
      ]);
    } finally {
      await server.close();
      portal.db.close();
    }
  });
});
