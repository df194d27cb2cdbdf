// Requests past a turn's budget wait for later turns, in arrival order, and the event loop turns
// between them (each turn is when Node lets in one new connection).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_GAP_MS, BACKGROUND_REQUEST, QUEUE_LOW_WATER, turnScheduler } from './turns.ts';

function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Counts event-loop turns (check phases) until stopped. */
function countTurns() {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    running = false;
    return turns;
  };
}

/** An app whose requests each do `ms` of synchronous work, recording the order they ran in. */
function workApp(ms: number, takeTurns = turnScheduler()) {
  const ran: number[] = [];
  const app = new Hono();
  app.use('*', takeTurns);
  app.get('/:n', (c) => {
    ran.push(Number(c.req.param('n')));
    busy(ms);
    return c.text('done');
  });
  return { app, ran };
}

describe('turnScheduler', () => {
  it('runs what fits in a 1 ms turn at once, the rest in later turns, first come first served', async () => {
    const { app, ran } = workApp(3);
    const stop = countTurns();
    // One poll phase: forty requests ready at once, 3 ms of work each (120 ms in all).
    const answers = Array.from({ length: 40 }, (_, n) => app.request(`/${n}`));
    const ranAtOnce = ran.length;
    await Promise.all(answers);
    const turns = stop();

    expect(ran).toEqual(Array.from({ length: 40 }, (_, n) => n));
    // The first request spends the turn's 1 ms budget and more; every other one gets a turn of its own.
    expect(ranAtOnce).toBe(1);
    expect(turns).toBeGreaterThanOrEqual(39);
  });

  it('starts a fresh budget in the next turn', async () => {
    const { app, ran } = workApp(3);
    await Promise.all([app.request('/1'), app.request('/2')]);
    expect(ran).toEqual([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    void app.request('/3');
    // Nobody waits and the new turn's budget is untouched: it runs at once.
    expect(ran).toEqual([1, 2, 3]);
  });

  it('keeps the turns of each app apart: a busy app does not make another one wait', async () => {
    const busyApp = workApp(3);
    const quietApp = workApp(3);
    const answers = Array.from({ length: 5 }, (_, n) => busyApp.app.request(`/${n}`));
    // The busy app has spent this turn's budget and queued the rest; the other one has not started its turn.
    expect(busyApp.ran).toEqual([0]);
    void quietApp.app.request('/100');
    expect(quietApp.ran).toEqual([100]);
    await Promise.all(answers);
    expect(busyApp.ran).toEqual([0, 1, 2, 3, 4]);
  });

  it('shares one turn between the apps given the same scheduler', async () => {
    const shared = turnScheduler();
    const first = workApp(3, shared);
    const second = workApp(3, shared);
    const answers = [first.app.request('/1'), second.app.request('/2')];
    expect(first.ran).toEqual([1]);
    expect(second.ran).toEqual([]);
    await Promise.all(answers);
    expect(second.ran).toEqual([2]);
  });
});

describe('turnScheduler with background requests', () => {
  it('starts background requests after the interactive ones waiting', async () => {
    // A gap longer than the test: a background request is due only once the queue is empty.
    const { app, ran } = workApp(3, turnScheduler(1, 60_000));
    // Spends the turn: everything below waits.
    const first = app.request('/0');
    const background = Array.from({ length: 3 }, (_, n) => app.request(`/${100 + n}`, {}, BACKGROUND_REQUEST));
    const interactive = Array.from({ length: 5 }, (_, n) => app.request(`/${1 + n}`));
    await Promise.all([first, ...background, ...interactive]);
    // The first background request is due at once (none ran before it); then the interactive
    // ones go first, and the other background ones wait for the queue to empty.
    expect(ran).toEqual([0, 100, 1, 2, 3, 4, 5, 101, 102]);
  });

  it('lets a background request through under endless interactive load, every BACKGROUND_GAP_MS', async () => {
    const { app, ran } = workApp(2);
    const started = performance.now();
    let stop = false;
    // Interactive requests, 4 at a time, for 3 gaps.
    const clients = Array.from({ length: 4 }, async (_, k) => {
      for (let i = 0; !stop; i++) await app.request(`/${k * 10_000 + i}`);
    });
    await new Promise((resolve) => setImmediate(resolve));
    const background = app.request('/-1', {}, BACKGROUND_REQUEST);
    const second = Promise.resolve(background).then(() => app.request('/-2', {}, BACKGROUND_REQUEST));
    await second;
    const waited = performance.now() - started;
    stop = true;
    await Promise.all(clients);
    expect(ran).toContain(-2);
    // Interactive requests kept coming the whole time, and ran before and between the two.
    const between = ran.indexOf(-2) - ran.indexOf(-1) - 1;
    expect(between).toBeGreaterThan(0);
    expect(waited).toBeGreaterThanOrEqual(BACKGROUND_GAP_MS);
  });
});

describe('turnScheduler with busy connections', () => {
  /** A connection as much as the scheduler sees of it: Node's request, with its socket. */
  function connection(n: number, events: string[]) {
    let paused = false;
    const socket = {
      destroyed: false,
      isPaused: () => paused,
      pause: () => {
        paused = true;
        events.push(`pause ${n}`);
      },
      resume: () => {
        paused = false;
        events.push(`resume ${n}`);
      },
    };
    return { env: { incoming: { on: () => undefined, socket } }, isPaused: () => paused };
  }

  it('does not read a connection again while many requests wait, and reads them all once the queue is short', async () => {
    const events: string[] = [];
    const app = new Hono();
    app.use('*', turnScheduler());
    app.get('/:n', (c) => {
      events.push(`ran ${c.req.param('n')}`);
      busy(3);
      return c.text('done');
    });
    const connections = Array.from({ length: 40 }, (_, n) => connection(n, events));
    await Promise.all(connections.map((conn, n) => app.request(`/${n}`, {}, conn.env)));

    // Request 1 waited and finished while 38 others waited: its connection was not read again...
    expect(events.indexOf('pause 1')).toBeGreaterThan(events.indexOf('ran 1'));
    // ...until fewer than QUEUE_LOW_WATER requests were left waiting (the oldest held back first).
    const lastLong = 40 - QUEUE_LOW_WATER - 1;
    expect(events.indexOf('resume 1')).toBeGreaterThan(events.indexOf(`ran ${lastLong}`));
    expect(events.indexOf('resume 1')).toBeLessThan(events.indexOf(`ran ${lastLong + 1}`));
    // The first request never waited; the last one finished with nobody waiting: neither held back.
    expect(events).not.toContain('pause 0');
    expect(events).not.toContain('pause 39');
    // Nobody is left unread.
    expect(connections.filter((conn) => conn.isPaused())).toEqual([]);
  });
});
