// A retry after a failed import asks for the address the failure named, afresh (a new fragment
// each time); a failure naming no address leaves the bundler's import in place.
import { describe, expect, it } from 'vitest';
import { failedModuleAddress, importAfreshOnRetry } from './import-afresh.ts';

const address = 'http://localhost/assets/charts-abc.js';

describe('importAfreshOnRetry', () => {
  it('imports the failed address under a new fragment at each retry', async () => {
    let loads = 0;
    const fresh: string[] = [];
    const attempt = importAfreshOnRetry(
      async () => {
        loads += 1;
        throw new TypeError(`Failed to fetch dynamically imported module: ${address}`);
      },
      async (url) => {
        fresh.push(url);
        if (fresh.length === 1) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
        return { ok: true };
      },
    );
    await expect(attempt()).rejects.toThrow('dynamically imported module');
    await expect(attempt()).rejects.toThrow('dynamically imported module');
    await expect(attempt()).resolves.toEqual({ ok: true });
    expect(loads).toBe(1);
    expect(fresh).toEqual([`${address}#retry=1`, `${address}#retry=2`]);
  });

  it('keeps the bundler import when the failure names no address (Safari, a time limit)', async () => {
    let loads = 0;
    const fresh: string[] = [];
    const attempt = importAfreshOnRetry(
      async () => {
        loads += 1;
        throw new TypeError('Importing a module script failed.');
      },
      async (url) => fresh.push(url),
    );
    await expect(attempt()).rejects.toThrow();
    await expect(attempt()).rejects.toThrow();
    expect(loads).toBe(2);
    expect(fresh).toEqual([]);
  });
});

describe('failedModuleAddress', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'), 'http://x/assets/a-1.js'],
    [new TypeError('error loading dynamically imported module: http://x/assets/a.js'), 'http://x/assets/a.js'],
    [new TypeError('Importing a module script failed.'), undefined],
    [new Error('No answer within 20000 ms'), undefined],
    ['a string', undefined],
  ])('%s: %s', (error, expected) => {
    expect(failedModuleAddress(error)).toBe(expected);
  });
});
