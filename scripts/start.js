// `npm start`: runs the compiled production server, build/server.js (see build-server.js), in this
// very process. With the dev dependencies installed (a clone after `npm install`) it first compiles
// the server when that build is missing or older than its sources; the server then builds the
// dashboard when needed. A production install (`npm prune --omit=dev`) runs what `npm run build` made.
// package.json starts this file with `exec`, so that npm's own process signals this one directly:
// without it, npm signals the shell between them and the server would be left running.
// It also gives Node a 1 GiB heap limit (--max-old-space-size=1024, as `npm run portal`), far above
// what the server holds (about 25 MiB live): V8 scales how far the heap may grow between full
// collections with that limit. With its default (2 GiB or more) the heap grew to 4× what the last
// one kept, about 60 MiB of garbage resident under 200 connections (bench/RESULTS.md, "API
// servers against a bare node:http + SQLite server").
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildServer, canBuildServer, serverBuild, serverBuildIsStale } from './build-server.js';

if (canBuildServer()) {
  if (serverBuildIsStale()) await buildServer();
} else if (!existsSync(serverBuild)) {
  console.error(
    'npm start: build/server.js is missing, and the dev dependencies that build it are not installed. Run `npm ci && npm run build` first.',
  );
  process.exit(1);
}
await import(pathToFileURL(serverBuild).href);
