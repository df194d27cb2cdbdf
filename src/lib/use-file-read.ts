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
}

export function useFileRead<T>(): FileRead<T> {
  const latest = useRef<Promise<T> | null>(null);
  const waiting = useRef(false);
  const [reading, setReading] = useState(false);

  const read = useCallback((work: Promise<T>, apply: (result: T) => void) => {
    latest.current = work;
    setReading(true);
    void work.then((result) => {
      if (latest.current !== work) return;
      latest.current = null;
      setReading(false);
      apply(result);
    });
  }, []);

  const afterRead = useCallback(async (action: (result: T | undefined) => void | Promise<void>) => {
    const pending = latest.current;
    if (!pending) return action(undefined);
    if (waiting.current) return;
    waiting.current = true;
    try {
      // A newer file chosen while waiting is the one the click is for.
      let result = await pending;
      while (latest.current !== null && latest.current !== pending) result = await latest.current;
      await action(result);
    } finally {
      waiting.current = false;
    }
  }, []);

  return useMemo(() => ({ reading, read, afterRead }), [reading, read, afterRead]);
}
