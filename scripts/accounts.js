// `npm run accounts -- …`: runs the compiled command line, build/accounts.js (server/accounts/cli.ts,
// compiled by build-server.js with the server), as `npm start` runs build/server.js: compiled first
// when the dev dependencies are there and the build is missing or older than its sources.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { accountsBuild, buildServer, canBuildServer, serverBuildIsStale } from './build-server.js';

if (canBuildServer()) {
  if (serverBuildIsStale()) await buildServer();
} else if (!existsSync(accountsBuild)) {
  console.error(
    'npm run accounts: build/accounts.js is missing, and the dev dependencies that build it are not installed. Run `npm ci && npm run build` first.',
  );
  process.exit(1);
}
await import(pathToFileURL(accountsBuild).href);
