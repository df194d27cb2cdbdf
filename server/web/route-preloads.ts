// A signed-in page's code named in its HTML: `<link rel="modulepreload">` for its chunks and
// `<link rel="preload" as="style">` for their styles, from the build's route-preload map
// (route-preload-map.ts). The browser then fetches them while the entry loads, instead of when
// the entry has run and the router asks for the page. Only for a browser that says it has signed
// in (src/lib/signed-in-hint.ts): a first visit, which shows the login page, moves nothing more.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export { SIGNED_IN_HINT } from '../../src/lib/signed-in-hint.ts';

/** The build's map, in dist/ (a dot-folder: never served). */
export const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

export interface PreloadFiles {
  /** Paths from the site's root: `/assets/…js`. */
  scripts: string[];
  styles: string[];
}

export interface RoutePreload extends PreloadFiles {
  /** The page's address pattern (src/lib/paths.ts): `/groups/:id`. */
  pattern: string;
  /** More files when the address's query asks for a view loaded apart (`?view=table`). */
  views?: (PreloadFiles & { param: string; value: string })[];
}

/** Whether `pathname` matches `pattern` as the router matches it: `:name` is one segment, a trailing slash allowed. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const given = pathname.replace(/(.)\/$/, '$1').split('/');
  return (
    wanted.length === given.length &&
    wanted.every((segment, i) =>
      segment.startsWith(':') ? (given[i] ?? '') !== '' : segment.toLowerCase() === given[i]?.toLowerCase(),
    )
  );
}

/** The files of the page at `url` (its views included), or none for an address of no page. */
export function preloadsFor(map: readonly RoutePreload[], url: URL): PreloadFiles {
  const page = map.find((route) => matchesPattern(route.pattern, url.pathname));
  if (!page) return { scripts: [], styles: [] };
  const views = (page.views ?? []).filter((view) => url.searchParams.get(view.param) === view.value);
  return {
    scripts: [...page.scripts, ...views.flatMap((view) => view.scripts)],
    styles: [...page.styles, ...views.flatMap((view) => view.styles)],
  };
}

/**
 * `html` with the links before `</head>`, after the entry's own: its requests go out first.
 * `crossorigin` as Vite's own links have it, so that the later import reuses the preloaded file.
 */
export function withPreloads(html: string, { scripts, styles }: PreloadFiles): string {
  if (scripts.length === 0 && styles.length === 0) return html;
  const links = [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ];
  return html.replace('</head>', `${links.join('')}</head>`);
}

/**
 * The build's map, or none (a build from before the map, or a test's minimal dist/). Read again
 * only when the file changed (a rebuild while the server runs).
 */
export function routePreloadReader(distDir: string): () => Promise<RoutePreload[]> {
  const file = join(distDir, ROUTE_PRELOADS_FILE);
  let read: { mtimeMs: number; map: RoutePreload[] } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await stat(file);
      if (read?.mtimeMs !== mtimeMs)
        read = { mtimeMs, map: JSON.parse(await readFile(file, 'utf8')) as RoutePreload[] };
      return read.map;
    } catch {
      return [];
    }
  };
}
