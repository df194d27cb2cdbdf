// A chosen file is read asynchronously (its bytes, then its text), so a click can arrive before
// the read ends: the file chosen and the button pressed in one go, or on a slow machine. The form
// then still shows the state before the file. This hook keeps the latest read so that such a
// click waits for it and acts on that file, whatever React has rendered meanwhile.
import { useCallback, useMemo, useRef, useState } from 'react';

export interface FileRead<T> {
  /** True while a read is under way (the form says "Reading…"). */
  reading: boolean;
  /** Starts a read (that never rejects: a failure is a result); `apply` gets its result unless a later read has started since. */
  read: (work: Promise<T>, apply: (result: T) => void) => void;
  /**
   * Runs `action` with the result of the read under way once it ends, or at once with undefined
   * when none is. A second call while one waits is dropped: one click, one action.
   */
  afterRead: (action: (result: T | undefined) => void | Promise<void>) => Promise<void>;
  /** Forgets the read under way (the file was removed): its result is never applied. */
  drop: () => void;
}

interface Read<T> {
  work: Promise<T>;
  /** Its result reached the form (it was still the latest when it ended). */
  applied: boolean;
}

export function useFileRead<T>(): FileRead<T> {
  const latest = useRef<Read<T> | null>(null);
  const waiting = useRef(false);
  const [reading, setReading] = useState(false);

  const read = useCallback((work: Promise<T>, apply: (result: T) => void) => {
    const entry: Read<T> = { work, applied: false };
    latest.current = entry;
    setReading(true);
    void work.then((result) => {
      if (latest.current !== entry) return;
      latest.current = null;
      entry.applied = true;
      setReading(false);
      apply(result);
    });
  }, []);

  const afterRead = useCallback(async (action: (result: T | undefined) => void | Promise<void>) => {
    let entry = latest.current;
    if (!entry) return action(undefined);
    if (waiting.current) return;
    waiting.current = true;
    try {
      // Its `then` above runs first: by now the read is applied, superseded by a newer file
      // (the one the click is for), or dropped (the file was removed: nothing to act on).
      for (;;) {
        const result = await entry.work;
        if (entry.applied) return await action(result);
        if (latest.current === null) return;
        entry = latest.current;
      }
    } finally {
      waiting.current = false;
    }
  }, []);

  const drop = useCallback(() => {
    latest.current = null;
    setReading(false);
  }, []);

  return useMemo(() => ({ reading, read, afterRead, drop }), [reading, read, afterRead, drop]);
}
