// Reading a page load's waterfall from its resource timings (bench/first-data.ts): how many
// round trips happened one after another before the content showed, and how far the content
// came after the bound "HTML + scripts + one API round trip + render".

export type FetchKind = 'document' | 'script' | 'style' | 'api' | 'other';

export interface Fetch {
  /** Path and query of the request (origin left out). */
  path: string;
  kind: FetchKind;
  /** ms from the navigation start (Resource Timing's startTime and responseEnd). */
  start: number;
  end: number;
}

/** API calls by path, code and styles by extension; images, icons and fonts are 'other'. */
export function kindOf(path: string, initiatorType: string): FetchKind {
  if (initiatorType === 'navigation') return 'document';
  const pathname = path.split('?')[0] ?? '';
  if (pathname.startsWith('/api/')) return 'api';
  if (/\.m?js$/.test(pathname)) return 'script';
  if (/\.css$/.test(pathname)) return 'style';
  return 'other';
}

export interface Chain {
  /** Requests in the longest sequence in which each one starts after the previous one ended. */
  depth: number;
  /** That sequence, first request first. */
  requests: Fetch[];
  /** The most API requests any such sequence holds: API round trips paid one after another. */
  apiDepth: number;
}

/**
 * The longest chain of document, script, style and API requests where each starts at or after
 * the end of the one before it, ending at a request for which `endsAt` holds (by default any:
 * give it the requests whose answers the content shows, so that a request the content does not
 * need, such as a product title, does not lengthen the chain). Timing alone decides (the browser
 * does not say which response caused which request), so two requests sent apart in one burst
 * can look chained when the first answers before the second leaves: read it at a latency where
 * answers take longer than a burst.
 */
export function longestChain(fetches: readonly Fetch[], endsAt: (fetch: Fetch) => boolean = () => true): Chain {
  const nodes = fetches.filter((f) => f.kind !== 'other').sort((a, b) => a.start - b.start || a.end - b.end);
  const depth: number[] = [];
  const api: number[] = [];
  const previous: number[] = [];
  for (const [i, node] of nodes.entries()) {
    depth[i] = 1;
    api[i] = node.kind === 'api' ? 1 : 0;
    previous[i] = -1;
    for (let j = 0; j < i; j++) {
      const before = nodes[j] as Fetch;
      if (before.end > node.start) continue;
      if ((depth[j] as number) + 1 > (depth[i] as number)) {
        depth[i] = (depth[j] as number) + 1;
        previous[i] = j;
      }
      api[i] = Math.max(api[i] as number, (api[j] as number) + (node.kind === 'api' ? 1 : 0));
    }
  }
  let last = -1;
  let apiDepth = 0;
  for (const [i, node] of nodes.entries()) {
    if (!endsAt(node)) continue;
    if (last < 0 || (depth[i] as number) > (depth[last] as number)) last = i;
    apiDepth = Math.max(apiDepth, api[i] as number);
  }
  const requests: Fetch[] = [];
  for (let i = last; i >= 0; i = previous[i] as number) requests.unshift(nodes[i] as Fetch);
  return { depth: requests.length, requests, apiDepth };
}

export interface Bound {
  /** The HTML: the document's responseEnd. */
  html: number;
  /** One round of code: the longest single script or stylesheet request (all could load at once). */
  scripts: number;
  /** One API round trip: the longest single API request the content needs. */
  api: number;
  /** Render: from the last answer the content needs to the content shown. */
  render: number;
  total: number;
}

/**
 * What a page could do with the same network and the same rendering: the HTML, then all its
 * code in one round, then its data in one round, then rendering. Each term is measured in the
 * same load from the requests that ended before the content showed (`readyAt`); `needed` tells
 * the API requests whose answers the content shows (by default every API request).
 */
export function lowerBound(
  fetches: readonly Fetch[],
  readyAt: number,
  needed: (fetch: Fetch) => boolean = () => true,
): Bound {
  const done = fetches.filter((f) => f.end <= readyAt);
  const data = done.filter((f) => f.kind === 'api' && needed(f));
  const code = done.filter((f) => f.kind === 'script' || f.kind === 'style');
  const html = Math.max(0, ...done.filter((f) => f.kind === 'document').map((f) => f.end));
  const scripts = Math.max(0, ...code.map((f) => f.end - f.start));
  const api = Math.max(0, ...data.map((f) => f.end - f.start));
  const render = data.length > 0 ? readyAt - Math.max(...data.map((f) => f.end)) : 0;
  return { html, scripts, api, render, total: html + scripts + api + render };
}
