// autocannon ships no types; only what bench/server-load.ts uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: {
      method?: string;
      headers?: Record<string, string>;
      setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
    }[];
  }

  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  type Instance = EventEmitter & PromiseLike<Result>;

  export default function autocannon(options: Options): Instance;
}
