// Requests share the event loop's turns, so that new connections keep getting in under load.
//
// Why: the libuv in Node 20 (1.46) accepts at most one new connection per event-loop turn. If
// a turn runs every ready request back to back (200 busy connections at ~2 ms each), it lasts
// seconds, and the connections waiting in the kernel's accept queue get in one per turn: in the
// load test (bench/load.ts) some first requests waited over 15 s while p99 was under 1 s.
//
// So a request starts at once only while the current turn has spent less than TURN_BUDGET_MS on
// requests and nobody is queued; otherwise it queues, first come first served, and the queue
// feeds one request per following turn. Turns stay short, and each one lets in a connection.
const TURN_BUDGET_MS = 10;

/** When the first request of the current turn started; -1 between turns. */
let turnStarted = -1;
const queue: (() => void)[] = [];

function endTurn() {
  turnStarted = -1;
}

function pump() {
  queue.shift()?.();
  if (queue.length > 0) setImmediate(pump);
}

/** Resolves when this request may run: at once (undefined) or in a later turn. */
export function takeTurn(): Promise<void> | undefined {
  const now = performance.now();
  if (turnStarted < 0) {
    turnStarted = now;
    // The check phase closes the turn: the next poll phase starts with a fresh budget.
    setImmediate(endTurn);
  }
  if (queue.length === 0 && now - turnStarted < TURN_BUDGET_MS) return undefined;
  return new Promise((resolve) => {
    if (queue.push(resolve) === 1) setImmediate(pump);
  });
}
