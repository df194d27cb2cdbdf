// Requests past a turn's budget wait for later turns, in arrival order, and the event loop turns
// between them (each turn is when Node lets in one new connection).
import { describe, expect, it } from 'vitest';
import { takeTurn } from './turns.ts';

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
  return {
    stop: () => {
      running = false;
      return turns;
    },
  };
}

describe('takeTurn', () => {
  it('runs the first requests of a turn at once, then one per turn, first come first served', async () => {
    const turns = countTurns();
    const ran: number[] = [];
    const immediately: number[] = [];
    const waits: Promise<void>[] = [];
    // One poll phase: twenty ready sockets, each request 3 ms of synchronous work.
    for (let i = 0; i < 20; i++) {
      const wait = takeTurn();
      if (wait === undefined) {
        immediately.push(i);
        ran.push(i);
        busy(3);
      } else {
        waits.push(
          wait.then(() => {
            ran.push(i);
            busy(3);
          }),
        );
      }
    }
    await Promise.all(waits);
    const seen = turns.stop();

    expect(ran).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // A 10 ms budget holds three or four 3 ms requests (fewer on a slow machine, never all).
    expect(immediately.length).toBeGreaterThanOrEqual(1);
    expect(immediately.length).toBeLessThanOrEqual(4);
    // Every queued request had a turn of its own.
    expect(seen).toBeGreaterThanOrEqual(20 - immediately.length);
  });

  it('starts a fresh budget in the next turn', async () => {
    const first = takeTurn();
    busy(12);
    expect(takeTurn()).toBeInstanceOf(Promise);
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(takeTurn()).toBeUndefined();
  });
});
