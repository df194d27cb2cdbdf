// At most `size` tasks at a time, the others waiting in order. Hand-written (a dozen lines)
// rather than p-limit: the gathering also needs to know nothing else than this.
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function limiter(size: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < size) active += 1;
    // A finishing task hands its slot straight to the first waiter (active stays the same).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
