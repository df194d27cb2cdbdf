// One bounded autocannon run with exact percentiles: autocannon's own histogram has no p95, so
// every response time is kept and sorted.
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  token: string;
  method: 'GET' | 'POST';
  /** Body of the n-th request (lets a run vary the filter value). */
  body?: (n: number) => unknown;
  /** Method, path and body of the n-th request, for a mix of endpoints (overrides method and body). */
  request?: (n: number) => { method: 'GET' | 'POST'; path: string; body?: unknown };
  connections: number;
  seconds: number;
  /** Seconds before autocannon gives up on an answer and counts a timeout (its default: 10). */
  timeoutSeconds?: number;
  /** Answers slower than this are counted in `slow` (default 5,000 ms). */
  slowMs?: number;
  /** A class for each answer from its request's first line (`GET /api/... HTTP/1.1`): figures per class in `byClass`. */
  classify?: (requestLine: string) => string;
}

/** Latency figures of a set of answers (ms), and how many were slower than the spec's slowMs. */
export interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  slow: number;
}

export interface LoadResult extends Latencies {
  errors: number;
  non2xx: number;
  reqPerSec: number;
  timeouts: number;
  /** Number of answers per HTTP status. */
  statuses: Record<number, number>;
  /** With spec.classify: the latencies of each class of requests. */
  byClass: Record<string, Latencies>;
}

/** The request a client has just been answered (autocannon moves to the next one after the event). */
type AutocannonClient = { requestIterator?: { currentRequest?: { requestBuffer?: Buffer } } };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const times: number[] = [];
  let n = 0;
  let non2xx = 0;
  const statuses: Record<number, number> = {};
  const headers = { authorization: spec.token, 'content-type': 'application/json' };
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: spec.timeoutSeconds,
    requests: [
      {
        method: spec.method,
        headers,
        setupRequest: (req: Record<string, unknown>) => {
          if (spec.request) {
            const r = spec.request(n++);
            // Fresh headers each time: autocannon writes Content-Length into the headers object it
            // is given, and a shared one would carry a POST's length onto the next GET (which then
            // stalls the connection while the server waits for a body that never comes).
            return {
              ...req,
              headers: { ...headers },
              method: r.method,
              path: r.path,
              body: r.body === undefined ? undefined : JSON.stringify(r.body),
            };
          }
          return { ...req, body: spec.body ? JSON.stringify(spec.body(n++)) : undefined };
        },
      },
    ],
  });
  const classTimes: Record<string, number[]> = {};
  instance.on('response', (client: AutocannonClient, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    if (spec.classify) {
      const line = client.requestIterator?.currentRequest?.requestBuffer?.toString('latin1', 0, 80) ?? '';
      (classTimes[spec.classify(line)] ??= []).push(ms);
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  const all = latencies(times, spec.slowMs ?? 5000);
  return {
    ...all,
    errors: result.errors + result.timeouts,
    non2xx,
    reqPerSec: Math.round(times.length / spec.seconds),
    timeouts: result.timeouts,
    statuses,
    byClass: Object.fromEntries(
      Object.entries(classTimes).map(([name, list]) => [name, latencies(list, spec.slowMs ?? 5000)]),
    ),
  };
}

function latencies(times: number[], slowMs: number): Latencies {
  times.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    requests: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1] ?? NaN),
    slow: times.filter((ms) => ms > slowMs).length,
  };
}
