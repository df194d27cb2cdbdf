// At build time (vite.config.ts): which files each page needs beyond the entry, from Vite's manifest
// and the route registry, written to dist/.vite/route-preloads.json. The server names them in the
// page's HTML (route-preloads.ts), so that a signed-in page's code loads while the entry does
// instead of after it has run (bench/RESULTS.md, "The groups table against react-admin").
import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { routes } from '../../src/lib/paths.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads.ts';

const REGISTRY = 'src/app/route-registry.ts';

/**
 * Views a page loads apart when its address asks for them, beyond what the registry says: the
 * groups page's table (`?view=table`, src/features/groups/first-load.ts). A module missing from
 * the build fails it.
 */
const views = [{ key: 'groups', param: 'view', value: 'table', module: 'src/features/groups/groups-table.tsx' }];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface RegistryPages {
  /** Each page's lazily imported module, as a path from the project's root, and whether it is signed out. */
  pages: Map<string, { module: string; signedOut: boolean }>;
  /** The signed-in shell's module (layoutPage). */
  layout: string;
}

const fromRegistry = (relative: string) => posix.join(posix.dirname(REGISTRY), relative);

/**
 * The pages of the registry's source, read as text: the registry imports React components, which
 * the build's Node process cannot load. A page whose code is in the entry (the login page) has no
 * module here; scripts/route-preloads-registry.test.ts checks that every other page is found.
 */
export function registryPages(source: string): RegistryPages {
  const pages = new Map<string, { module: string; signedOut: boolean }>();
  // Each entry of pageRoutes starts at two spaces of indentation and runs until the next one.
  const entries = source.split(/^ {2}(?=\w+: \{)/m).slice(1);
  for (const entry of entries) {
    const match = /^(\w+): \{\s*page: lazyPage\(\(\) => import\('([^']+)'\)/.exec(entry);
    if (match?.[1] && match[2])
      pages.set(match[1], { module: fromRegistry(match[2]), signedOut: /\bsignedOut: true\b/.test(entry) });
  }
  const layout = /layoutPage = lazyPage\(\(\) => import\('([^']+)'\)/.exec(source)?.[1];
  if (!layout) throw new Error(`${REGISTRY}: layoutPage's import not found`);
  return { pages, layout: fromRegistry(layout) };
}

/** The manifest's chunks that `keys` import, directly or not, but not those already in `loaded`. */
function closure(manifest: Manifest, keys: string[], loaded: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const visit = (key: string) => {
    if (found.has(key) || loaded.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    found.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return found;
}

function files(manifest: Manifest, keys: Set<string>): Pick<RoutePreload, 'scripts' | 'styles'> {
  const chunks = [...keys].map((key) => manifest[key] as ManifestChunk);
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
}

/** Every page with its files beyond the entry's: its own chunks, and the shell's for a signed-in page. */
export function routePreloads(manifest: Manifest, registry: RegistryPages): RoutePreload[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("the build's manifest has no entry");
  const inEntry = closure(manifest, [entry], new Set());
  return [...registry.pages].map(([key, { module, signedOut }]) => {
    const own = closure(manifest, signedOut ? [module] : [module, registry.layout], inEntry);
    const pageViews = views
      .filter((view) => view.key === key)
      .map(({ param, value, module: viewModule }) => ({
        param,
        value,
        ...files(manifest, closure(manifest, [viewModule], new Set([...inEntry, ...own]))),
      }));
    const pattern = routes[key as keyof typeof routes];
    if (!pattern) throw new Error(`${REGISTRY}: ${key} has no pattern in src/lib/paths.ts`);
    return { pattern, ...files(manifest, own), ...(pageViews.length > 0 ? { views: pageViews } : {}) };
  });
}

/** Writes dist/.vite/route-preloads.json from dist/.vite/manifest.json and the registry's source. */
export function writeRoutePreloads(outDir: string, root: string): void {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const registry = registryPages(readFileSync(join(root, REGISTRY), 'utf8'));
  writeFileSync(join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(manifest, registry)));
}
