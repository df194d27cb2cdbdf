import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { writeStamp } from './server/web/build-stamp.ts';
import { precompressDir } from './server/web/precompress.ts';

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

export default defineConfig({
  plugins: [react(), buildStamp(), precompress()],
  build: {
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
              // progress gathering share, zod's coerce, Vite's preload helper): each request costs
              // ~0.4 KB of response headers on the wire, more than the code.
              test: /src[\\/](lib[\\/]i18n\.tsx|api[\\/]groups\.ts|api[\\/]schemas[\\/](grp|user-grp|take)\.ts|api[\\/]history-actor\.ts)|zod[\\/]v4[\\/]mini[\\/]coerce|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
});
