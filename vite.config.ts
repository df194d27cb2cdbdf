import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { writeStamp } from './server/web/build-stamp.ts';
import { precompressDir } from './server/web/precompress.ts';
import { writeRoutePreloads } from './server/web/route-preload-map.ts';

/** Every build records the settings it baked in, so `npm start` knows whether dist/ still fits. */
function buildStamp(): Plugin {
  let outDir = '';
  return {
    name: 'build-settings-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeStamp(outDir, process.env);
    },
  };
}

/** A .br and a .gz beside every text file of the build, which `npm start` serves (static-files.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

/** dist/.vite/route-preloads.json: each page's files beyond the entry, which `npm start` names in its HTML. */
function routePreloads(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeRoutePreloads(outDir, root);
    },
  };
}

/** Vite's warning limit for one chunk, minified (kB of 1000 bytes, as Vite counts). */
const CHUNK_WARNING_KB = 500;

/**
 * Chunks allowed past CHUNK_WARNING_KB, each with its own limit and why. Vite's one limit would
 * let every chunk grow that far unnoticed; this keeps 500 kB for all the others.
 */
const largeChunks = [
  {
    name: 'exceljs',
    modules: /[\\/]node_modules[\\/]exceljs[\\/]/,
    limitKb: 1000,
    // 929 kB minified (about 260 kB gzip): one prebuilt library file (exceljs.min.js) that cannot
    // be split, loaded only when someone downloads a progress report as .xlsx
    // (src/features/progress/export.ts), never by the first page (bench/bundle-size.ts).
    reason: 'the .xlsx export, loaded on its first download only',
  },
];

/** Warns, as Vite would, for a chunk over its limit: its named one (largeChunks), else CHUNK_WARNING_KB. */
function chunkSizeLimits(): Plugin {
  return {
    name: 'chunk-size-limits',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const named = largeChunks.find((large) => file.moduleIds.some((id) => large.modules.test(id)));
        const limitKb = named?.limitKb ?? CHUNK_WARNING_KB;
        const sizeKb = Buffer.byteLength(file.code) / 1000;
        if (sizeKb > limitKb)
          this.warn(
            `${file.fileName} is ${sizeKb.toFixed(0)} kB minified, over its limit of ${limitKb} kB${named ? ` (${named.name}: ${named.reason})` : ''}: split it with import(), or raise a limit in vite.config.ts with the reason.`,
          );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), buildStamp(), precompress(), routePreloads(), chunkSizeLimits()],
  build: {
    // Checked per chunk by chunkSizeLimits() instead, which knows the chunks allowed to be larger.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    target: 'es2022',
    sourcemap: false,
    // bench/bundle-size.ts reads the manifest to find what the first page loads.
    manifest: true,
    // Modules the shell and most pages share, kept in one chunk: left to itself, Rolldown splits
    // them by which pages import them, and each page added moved pieces into extra first-page
    // chunks (the progress page cost the first page 1.2 KB gzip that way).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell-shared',
              // Also tiny modules that would otherwise be first-page chunks of their own (the history
              // headers of the API layer, the membership and take schemas the first load and the
              // progress gathering share, zod's coerce, Vite's preload helper, and the router, paths and
              // shared messages, which were a first-page chunk of their own; the user data storage, once
              // the followed jobs of the signed-in shell read it too; the theme and the accounts' session
              // schema, once the invitation page and the accounts' sign-in shared them): each request costs
              // ~0.7 KB of response headers on the wire, more than the code.
              test: /src[\\/](lib[\\/]i18n\.tsx|api[\\/]groups\.ts|api[\\/]schemas[\\/](grp|user-grp|take)\.ts|api[\\/]history-actor\.ts)|zod[\\/]v4[\\/]mini[\\/]coerce|vite[\\/]preload-helper|react-router|src[\\/]lib[\\/](paths|user-data-storage)\.ts|src[\\/]components[\\/]messages\.ts|src[\\/]lib[\\/]theme\.tsx|src[\\/]api[\\/]schemas[\\/]account-session\.ts/,
            },
          ],
        },
      },
    },
  },
});
