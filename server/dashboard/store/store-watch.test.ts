// The outage as a state: the first connection error marks the store down (work fails at once),
// one probe at a time asks again with growing pauses (100 ms doubling up to 1 s), and the first
// probe that succeeds ends it. Errors that are not about reaching the store change nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError } from './availability.ts';
import { StoreWatch } from './store-watch.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('StoreWatch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails at once while down, probes after 100, 200, 400, 800, 1000, 1000 ms, and is up after the first success', async () => {
    const probes: number[] = [];
    let up = false;
    const lines: string[] = [];
    const watch = new StoreWatch(
      async () => {
        probes.push(Date.now());
        if (!up) throw refused;
      },
      (line) => lines.push(line),
    );
    const start = Date.now();
    watch.noteError(refused);
    expect(() => watch.assertReachable()).toThrow(StoreUnavailableError);
    expect(await watch.problem()).toMatch(/cannot be reached/);

    await vi.advanceTimersByTimeAsync(3_500);
    expect(probes.map((at) => at - start)).toEqual([100, 300, 700, 1500, 2500, 3500]);
    expect(watch.reachable).toBe(false);

    up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(watch.reachable).toBe(true);
    expect(() => watch.assertReachable()).not.toThrow();
    await vi.advanceTimersByTimeAsync(5_000);
    // Six failed probes, one that succeeded, none since (and /readyz asked nothing while down).
    expect(probes).toHaveLength(7);
    expect(lines).toEqual([
      expect.stringMatching(/cannot be reached .*ECONNREFUSED/),
      expect.stringMatching(/is back after 4\.5 s/),
    ]);
    watch.close();
  });

  it('ignores errors that say nothing about reaching the store, and reports a silent store to /readyz', async () => {
    let answer: Error | undefined = Object.assign(new Error('syntax error'), { code: '42601' });
    const watch = new StoreWatch(
      async () => {
        if (answer) throw answer;
      },
      () => undefined,
    );
    watch.noteError(answer);
    expect(watch.reachable).toBe(true);
    expect(await watch.problem()).toMatch(/did not answer \(42601: syntax error\)/);
    answer = refused;
    expect(await watch.problem()).toMatch(/cannot be reached/);
    expect(watch.reachable).toBe(false);
    watch.close();
  });
});
