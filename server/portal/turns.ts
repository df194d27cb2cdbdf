// Requests share the event loop's turns, so that new connections keep getting in under load.
//
// Why: the libuv in Node 20 (1.46) accepts at most one new connection per event-loop turn. If
// a turn runs every ready request back to back (200 busy connections at ~2 ms each), it lasts
// seconds, and the connections waiting in the kernel's accept queue get in one per turn: in the
// load test (bench/load.ts) some first requests waited over 15 s while p99 was under 1 s.
//
// So a request starts only while the current turn has spent less than TURN_BUDGET_MS and nobody
// is waiting; otherwise it waits, first come first served, for a later turn. Turns stay short,
// and each one lets in a connection. Requests must do their work synchronously once started
// (their bodies are read before: request-body.ts), so that the budget check sees it.
// 1 ms, measured on the large seed: 200 new connections all answered within 1.9 s (10 ms turns:
// 5.4 s), and no lower throughput at 32 connections than with no turns at all.
// Under many busy connections, the waiting requests would all be JavaScript objects at once; a
// connection answered while others wait is read again only once the queue is short (holdBack).
// One scheduler per portal app (createPortalApp), so that two apps in one process (the tests)
// never share a turn or a queue; `npm start` gives the embedded portal and the dashboard server
// (/dashboard-api) one scheduler, since they share the one event loop (server/serve.ts).
// Background requests (the dashboard server's lookup jobs, calling the embedded portal
// in-process with BACKGROUND_REQUEST as their env) wait in a queue of their own: one starts when
// no other request waits, or at most one every BACKGROUND_GAP_MS while some do, so that a job
// never stalls but interactive requests go first.
import type { Context, MiddlewareHandler } from 'hono';
import type { Socket } from 'node:net';
import { nodeRequest } from './node-http.ts';

const TURN_BUDGET_MS = 1;
/**
 * Under interactive load, background requests get one start in this many ms: at about 1 ms of
 * work each, 2 % of the process's time, and a job's progress (its heartbeat) never stops.
 */
export const BACKGROUND_GAP_MS = 50;
const BACKGROUND = Symbol('background request');
/** The env of an in-process request that may wait for interactive ones (app.request(path, init, env)). */
export const BACKGROUND_REQUEST: Readonly<Record<symbol, true>> = Object.freeze({ [BACKGROUND]: true });
/** Whether an in-process request's env carries BACKGROUND_REQUEST (alone or beside other markers). */
export const isBackgroundEnv = (env: unknown) => (env as Record<symbol, unknown> | undefined)?.[BACKGROUND] === true;
const isBackground = (c: Context) => isBackgroundEnv(c.env);
/**
 * Connections are read again while fewer requests than this wait (see holdBack): enough for a
 * few turns of work, so the queue never runs dry between a connection let in and its request
 * read. 8 left cheap requests (0.2 ms) waiting for their connection's turn: p99 1.26× the bare
 * server's against 0.71× with 32 (bench/server-baseline.ts).
 */
export const QUEUE_LOW_WATER = 32;

/** A middleware that makes each request wait for a turn with budget left (see above). */
export function turnScheduler(budgetMs = TURN_BUDGET_MS, backgroundGapMs = BACKGROUND_GAP_MS): MiddlewareHandler {
  /** When the current turn's first request started; -1 between turns. */
  let turnStarted = -1;
  const waiting: (() => void)[] = [];
  const waitingBackground: (() => void)[] = [];
  let lastBackgroundStart = -Infinity;
  /**
   * True while requests wait: one of them is due to start next (a passTurn is scheduled, or the
   * request last started will call it once its synchronous work is done).
   */
  let queueMoving = false;

  /**
   * Connections whose last answer went out while others waited: not read until the queue is
   * short again. Their next request stays in the kernel as bytes, as in a server that runs each
   * request the moment it is read, instead of waiting here as JavaScript objects (Node's request
   * and response, Hono's context): under 200 busy connections those outlived the young
   * generation's collections, and promoting them to the old one cost about a third more CPU per
   * request (bench/RESULTS.md, "API servers against a bare node:http + SQLite server").
   */
  const heldBack: Socket[] = [];
  const holdBack = (c: Context) => {
    // With the queue short and nobody held back, passTurn would read this connection again at
    // once (letIn): pausing and resuming it cost a tenth of a cheap request's CPU at 32 connections.
    if (waiting.length === 0 || (waiting.length <= QUEUE_LOW_WATER && heldBack.length === 0)) return;
    const socket = nodeRequest(c)?.socket;
    if (!socket || socket.destroyed || socket.isPaused()) return;
    socket.pause();
    heldBack.push(socket);
  };
  // One connection per request started (resuming one that closed meanwhile does nothing).
  const letIn = () => {
    if (waiting.length < QUEUE_LOW_WATER) heldBack.shift()?.resume();
  };

  const endTurn = () => {
    turnStarted = -1;
  };

  function budgetLeft(): boolean {
    const now = performance.now();
    if (turnStarted < 0) {
      turnStarted = now;
      // The check phase closes the turn: the next poll phase starts with a fresh budget.
      setImmediate(endTurn);
    }
    return now - turnStarted < budgetMs;
  }

  /**
   * Starts the first waiter if the turn has budget left, otherwise tries again next turn. Only
   * the one that starts is woken: waking every waiter at each turn to check the budget again
   * cost a promise per waiter and turn (about 200 a turn at 200 connections).
   */
  function passTurn(): void {
    // Held-back connections wait for interactive requests only (background ones have none).
    if (waiting.length === 0) for (const socket of heldBack.splice(0)) socket.resume();
    if (waiting.length === 0 && waitingBackground.length === 0) queueMoving = false;
    else if (budgetLeft()) {
      nextWaiter()();
      letIn();
    } else setImmediate(passTurn);
  }

  /** The first interactive waiter, unless none waits or a background one is due (see above). */
  function nextWaiter(): () => void {
    const now = performance.now();
    if (waitingBackground.length > 0 && (waiting.length === 0 || now - lastBackgroundStart >= backgroundGapMs)) {
      lastBackgroundStart = now;
      return waitingBackground.shift() as () => void;
    }
    return waiting.shift() as () => void;
  }

  async function waitForTurn(c: Context, next: () => Promise<void>): Promise<void> {
    await new Promise<void>((resolve) => {
      (isBackground(c) ? waitingBackground : waiting).push(resolve);
      if (!queueMoving) {
        queueMoving = true;
        setImmediate(passTurn);
      }
    });
    let done: Promise<void>;
    try {
      // The request's synchronous work runs here, so the next one sees the time it spent.
      done = next();
    } finally {
      holdBack(c);
      passTurn();
    }
    await done;
  }

  // Not async: a request with budget left goes straight on, without a promise of its own.
  return (c, next) => (queueMoving || !budgetLeft() ? waitForTurn(c, next) : next());
}
