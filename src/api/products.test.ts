import { describe, expect, it } from 'vitest';
import { createRequestLimiter } from './products.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createRequestLimiter', () => {
  it('never runs more than the limit at once, and runs everything', async () => {
    const limit = createRequestLimiter(3);
    let running = 0;
    let peak = 0;
    const task = async (value: number) => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
      return value;
    };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => limit(() => task(i))));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
  });

  it('drops a waiting task whose signal aborts, without running it', async () => {
    const limit = createRequestLimiter(1);
    let release: () => void = () => {};
    const first = limit(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    let ran = false;
    const second = limit(async () => {
      ran = true;
    }, controller.signal);
    controller.abort();
    await expect(second).rejects.toMatchObject({ kind: 'aborted' });
    release();
    await first;
    await limit(async () => undefined);
    expect(ran).toBe(false);
  });
});
