// @vitest-environment jsdom
// A click that comes before the chosen file is read acts on that file, once; a newer file wins;
// a removed file is never acted on.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFileRead } from './use-file-read.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('useFileRead', () => {
  it('a click during the read waits for it, then acts on that file (the form has it first)', async () => {
    const { result } = renderHook(() => useFileRead<string>());
    const file = deferred<string>();
    const applied: string[] = [];
    const acted: (string | undefined)[] = [];
    act(() => result.current.read(file.promise, (text) => applied.push(text)));
    expect(result.current.reading).toBe(true);
    let click: Promise<void> = Promise.resolve();
    act(() => {
      click = result.current.afterRead((text) => void acted.push(text));
    });
    expect(acted).toEqual([]);
    await act(async () => {
      file.resolve('membres.csv');
      await click;
    });
    expect(applied).toEqual(['membres.csv']);
    expect(acted).toEqual(['membres.csv']);
    expect(result.current.reading).toBe(false);
  });

  it('without a read under way, acts at once with no result', async () => {
    const { result } = renderHook(() => useFileRead<string>());
    const acted: (string | undefined)[] = [];
    await act(() => result.current.afterRead((text) => void acted.push(text)));
    expect(acted).toEqual([undefined]);
  });

  it('a second click while one waits is dropped; a newer file is the one acted on', async () => {
    const { result } = renderHook(() => useFileRead<string>());
    const first = deferred<string>();
    const second = deferred<string>();
    const applied: string[] = [];
    const acted: (string | undefined)[] = [];
    act(() => result.current.read(first.promise, (text) => applied.push(text)));
    let clicks: Promise<void>[] = [];
    act(() => {
      clicks = [1, 2].map(() => result.current.afterRead((text) => void acted.push(text)));
    });
    act(() => result.current.read(second.promise, (text) => applied.push(text)));
    await act(async () => {
      first.resolve('old.csv');
      second.resolve('new.csv');
      await Promise.all(clicks);
    });
    expect(applied).toEqual(['new.csv']);
    expect(acted).toEqual(['new.csv']);
  });

  it('a file removed while it is read is neither applied nor acted on', async () => {
    const { result } = renderHook(() => useFileRead<string>());
    const file = deferred<string>();
    const applied: string[] = [];
    const acted: (string | undefined)[] = [];
    act(() => result.current.read(file.promise, (text) => applied.push(text)));
    let click: Promise<void> = Promise.resolve();
    act(() => {
      click = result.current.afterRead((text) => void acted.push(text));
    });
    act(() => result.current.drop());
    expect(result.current.reading).toBe(false);
    await act(async () => {
      file.resolve('removed.csv');
      await click;
    });
    expect(applied).toEqual([]);
    expect(acted).toEqual([]);
  });
});
