// No membership without its history event: the create is written down before it reaches the
// portal, and whatever fails afterwards (store stopped, token checks locked out, process killed
// between the portal's answer and the write) ends in exactly one event once things are back.
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, expectError, type Portal } from '../test/support.ts';
import { createApp } from '../web/app.ts';
import { makeDist } from '../web/test-dist.ts';
import { createDashboardServer } from './api.ts';
import { MembershipOutbox, NOT_CREATED, tokenHash } from './membership-outbox.ts';
import { PortalAnswerError, inProcessPortalGateway, type PortalGateway } from './portal-gateway.ts';
import { inProcessPortalReader } from './portal-reader.ts';
import { openStore, type DashboardStore } from './store/connection.ts';
import { MemberCounts } from './store/member-counts.ts';
import { OutboxStore, type Intent } from './store/outbox.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';
import { postgres, postgresLabel, startPostgres, type TestPostgres } from './test/postgres.ts';
import { TokenCheck } from './token-check.ts';

const org1 = demoFacts.org1;
const freeUser = org1.userWithoutGroups.userId;
const fast = { retryMs: 100, scanMs: 60_000 };

interface Event {
  grp_id: number;
  user_id: number;
  result: string;
  error_code: string | null;
  membership_id: number | null;
  source: string;
  actor: string | null;
  at: string;
}

const createBody = (grpId: number) => ({ user_grp_grp_id: grpId, user_grp_user_id: freeUser });

/** After PostgreSQL is started again: the store's watch finds it within a second (store-watch.ts). */
async function servingAgain(h: Harness): Promise<void> {
  for (let tries = 0; (await h.dashboard.ready()) !== undefined; tries += 1) {
    if (tries > 100) throw new Error('the store did not serve again within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function membershipsInPortal(portal: Portal, grpId: number): Promise<number> {
  const reply = await portal.post('/user_grp/get_all', {
    criterias: [eq('user_grp_grp_id', String(grpId)), eq('user_grp_user_id', String(freeUser))],
  });
  return reply.body.total;
}

async function eventsOf(h: Harness, grpId: number, token?: string): Promise<Event[]> {
  const reply = await h.call('GET', `/dashboard-api/history?grp_id=${grpId}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.result;
}

async function intentRows(store: DashboardStore) {
  return store.db.selectFrom('membership_intent').selectAll().execute();
}

/** An intent as a request leaves it when its process is killed (or its store stops) after it was written. */
function leftIntent(grpId: number, fields: Partial<Intent> = {}): Intent {
  return {
    id: `left-${grpId}-${Math.random().toString(36).slice(2)}`,
    orgId: org1.orgId,
    tokenHash: tokenHash('token-org-1'),
    createdAt: Date.now() - 10 * 60_000,
    grpId,
    userId: freeUser,
    groupAdmin: 0,
    source: 'import',
    actor: 'Zoë',
    answer: null,
    ...fields,
  };
}

describe.skipIf(!postgres.available)(`membership creates while the store is stopped (${postgresLabel})`, () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => server?.stop());

  it('store stopped: the create is refused with 503 store_unavailable and the portal receives nothing; after a restart it is recorded', async () => {
    const h = await startHarness(await openStore({ dialect: 'postgres', url: await server.createDatabase() }), {
      dashboard: { outbox: fast },
    });
    try {
      const g = org1.rootGroupId + 1;
      // Before the outage: the token's organisation is known, as it is for a signed-in dashboard.
      expect((await h.call('GET', '/dashboard-api/history')).status).toBe(200);
      await server.stopServer();
      try {
        const refused = await h.call('POST', '/api/user_grp/create', { body: createBody(g) });
        expectError(refused, 503, 'store_unavailable');
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(await membershipsInPortal(h.portal, g)).toBe(0);
      } finally {
        await server.startServer();
      }
      await servingAgain(h);
      expect((await h.call('POST', '/api/user_grp/create', { body: createBody(g) })).status).toBe(200);
      expect((await eventsOf(h, g)).map((e) => e.result)).toEqual(['added']);
    } finally {
      await h.close();
    }
  });

  it('store stopped after the portal answered: the event is written once it is started again (restart), once', async () => {
    const store = await openStore({ dialect: 'postgres', url: await server.createDatabase() });
    const portal = demoPortal();
    const dist = makeDist();
    const dashboard = createDashboardServer({
      store,
      gateway: inProcessPortalGateway(portal.app),
      reader: inProcessPortalReader(portal.app),
      directoryMaxAgeMs: 86_400_000,
      outbox: fast,
    });
    // The portal answers, then the store stops before the server writes the event.
    const stopsAfterCreate = new Hono();
    stopsAfterCreate.use('/user_grp/create', async (_c, next) => {
      await next();
      await server.stopServer();
    });
    stopsAfterCreate.route('/', portal.app);
    const app = createApp({ distDir: dist.dir, portal: stopsAfterCreate, dashboard });
    const call = (method: string, path: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: { authorization: portal.token1, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      const g = org1.rootGroupId + 2;
      expect((await call('GET', '/dashboard-api/history')).status).toBe(200);
      const created = await call('POST', '/api/user_grp/create', createBody(g));
      // The answer still goes: the membership exists, and its event waits in memory.
      expect(created.status).toBe(200);
      const membershipId = ((await created.json()) as { result: { user_grp_id: number } }).result.user_grp_id;
      await server.startServer();
      await vi.waitFor(
        async () => {
          const list = (await (await call('GET', `/dashboard-api/history?grp_id=${g}`)).json()) as { result: Event[] };
          expect(list.result.map((e) => [e.result, e.membership_id])).toEqual([['added', membershipId]]);
        },
        { timeout: 20_000, interval: 200 },
      );
      await dashboard.idle();
      expect(await intentRows(store)).toEqual([]);
    } finally {
      await server.startServer().catch(() => undefined);
      await dashboard.close();
      portal.db.close();
      dist.remove();
    }
  });
});

describeEachStore('membership creates during a lockout of token checks', (_dialect, open) => {
  let h: Harness;
  let locked = false;
  let checks = 0;
  const lockable = (gateway: PortalGateway): PortalGateway => ({
    ...gateway,
    validateToken: (token) => {
      checks += 1;
      return locked
        ? Promise.reject(new PortalAnswerError(429, 'too_many_requests', 'Too many failed attempts'))
        : gateway.validateToken(token);
    },
  });
  beforeAll(async () => {
    h = await startHarness(await open(), { gateway: lockable, dashboard: { outbox: fast } });
  });
  afterEach(() => {
    locked = false;
  });
  afterAll(async () => h.close());

  it('answers 200 and writes the event once token checks work again, never the token itself', async () => {
    const g = org1.rootGroupId + 3;
    locked = true;
    expect((await h.call('POST', '/api/user_grp/create', { body: createBody(g) })).status).toBe(200);
    const [waiting] = await intentRows(h.store);
    expect(waiting).toMatchObject({ org_id: null, result: 'added', token_hash: tokenHash(h.portal.token1) });
    expect(JSON.stringify(await intentRows(h.store))).not.toContain(h.portal.token1);
    locked = false;
    await vi.waitFor(async () => expect((await eventsOf(h, g)).map((e) => e.result)).toEqual(['added']), {
      timeout: 10_000,
      interval: 100,
    });
    await h.dashboard.idle();
    expect(await eventsOf(h, g)).toHaveLength(1);
    expect(await intentRows(h.store)).toEqual([]);
  });

  it('a create the portal refuses (401) leaves nothing, and makes the server check no token', async () => {
    checks = 0;
    const refused = await h.call('POST', '/api/user_grp/create', {
      body: createBody(org1.rootGroupId + 8),
      token: 'not-a-token',
    });
    expectError(refused, 401);
    await h.dashboard.idle();
    expect(checks).toBe(0);
    expect(await intentRows(h.store)).toEqual([]);
  });
});

describeEachStore('unfinished creates after a restart', (_dialect, open) => {
  let store: DashboardStore;
  let h: Harness;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => h?.close());

  it('killed after the portal created it: a new server instance reconciles the intent into one "added" event, on the next request of the organisation', async () => {
    const portal = demoPortal();
    const g = org1.rootGroupId + 4;
    const killed = leftIntent(g);
    await new OutboxStore(store.db).open(killed);
    // The portal did create it; the process died before the event.
    const created = await portal.post('/user_grp/create', createBody(g));
    expect(created.status).toBe(200);
    const missing = leftIntent(g + 1);
    await new OutboxStore(store.db).open(missing);
    // What another organisation's token cannot settle: org 1's, and one known by org 1's token only.
    const byToken = leftIntent(g + 2, {
      orgId: null,
      answer: { result: 'failed', errorCode: 'not_found', membershipId: null },
    });
    await new OutboxStore(store.db).open(byToken);
    await new OutboxStore(store.db).keepAnswer(byToken.id, byToken.answer!, null);

    h = await startHarness(store, { portal, dashboard: { outbox: fast } });
    // Organisation 2 comes first: nothing of organisation 1's is settled with its token.
    expect((await h.call('GET', '/dashboard-api/history', { token: h.portal.token2 })).body.total).toBe(0);
    await h.dashboard.idle();
    expect(await intentRows(store)).toHaveLength(3);
    expect((await h.call('GET', '/dashboard-api/history', { token: h.portal.token2 })).body.total).toBe(0);

    // Organisation 1's next request settles them, with its own token.
    await h.call('GET', '/dashboard-api/people/count');
    await h.dashboard.idle();
    const [added] = await eventsOf(h, g);
    expect(await eventsOf(h, g)).toHaveLength(1);
    expect(added).toMatchObject({
      result: 'added',
      membership_id: created.body.result.user_grp_id,
      source: 'import',
      actor: 'Zoë',
      at: new Date(killed.createdAt).toISOString(),
    });
    expect((await eventsOf(h, g + 1)).map((e) => [e.result, e.error_code])).toEqual([['failed', NOT_CREATED]]);
    expect(await membershipsInPortal(portal, g + 1)).toBe(0);
    expect((await eventsOf(h, g + 2)).map((e) => [e.result, e.error_code])).toEqual([['failed', 'not_found']]);
    expect(await intentRows(store)).toEqual([]);
    expect((await h.call('GET', '/dashboard-api/history', { token: h.portal.token2 })).body.total).toBe(0);
  });
});

describeEachStore('settling one intent twice', (_dialect, open) => {
  let store: DashboardStore;
  const portal = demoPortal();
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store.close();
    portal.db.close();
  });

  it('the request and a reconciliation racing write one event', async () => {
    const outbox = new OutboxStore(store.db);
    const intent = leftIntent(org1.rootGroupId + 5);
    await outbox.open(intent);
    const written = await Promise.all([
      outbox.settle(intent, 1, { result: 'added', errorCode: null, membershipId: 77 }),
      outbox.settle(intent, 1, { result: 'added', errorCode: null, membershipId: 77 }),
      outbox.settle(intent, 1, { result: 'failed', errorCode: NOT_CREATED, membershipId: null }),
    ]);
    expect(written.filter(Boolean)).toHaveLength(1);
    const events = await store.db
      .selectFrom('membership_event')
      .selectAll()
      .where('intent_id', '=', intent.id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('two replicas reconciling the same killed intent at once write one event', async () => {
    const g = org1.rootGroupId + 6;
    await new OutboxStore(store.db).open(leftIntent(g));
    expect((await portal.post('/user_grp/create', createBody(g))).status).toBe(200);
    const replica = () =>
      new MembershipOutbox({
        store: new OutboxStore(store.db),
        tokens: new TokenCheck(inProcessPortalGateway(portal.app)),
        reader: inProcessPortalReader(portal.app),
        memberAdded: (orgId, grpId) => new MemberCounts(store.db, 60_000).forget(orgId, grpId),
        ...fast,
      });
    const replicas = [replica(), replica()];
    for (const r of replicas) r.start();
    await Promise.all(replicas.map((r) => r.idle()));
    for (const r of replicas) r.seen(org1.orgId, portal.token1);
    await Promise.all(replicas.map((r) => r.idle()));
    for (const r of replicas) r.stop();
    const events = await store.db.selectFrom('membership_event').selectAll().where('grp_id', '=', g).execute();
    expect(events.map((e) => e.result)).toEqual(['added']);
  });
});

describe('a create through a real HTTP server', () => {
  let h: Harness;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }));
    base = await new Promise<string>((resolve) => {
      server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await h.close();
  });

  it('the body read for the intent still reaches the embedded portal whole', async () => {
    const g = org1.rootGroupId + 7;
    const reply = await fetch(`${base}/api/user_grp/create`, {
      method: 'POST',
      headers: { authorization: h.portal.token1, 'content-type': 'application/json' },
      body: JSON.stringify({ ...createBody(g), user_grp_group_admin: 1 }),
    });
    expect(reply.status).toBe(200);
    expect((await reply.json()) as unknown).toMatchObject({ result: { user_grp_grp_id: g, user_grp_group_admin: 1 } });
    expect((await eventsOf(h, g)).map((e) => e.result)).toEqual(['added']);
  });
});
