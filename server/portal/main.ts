// The portal server CLI: opens (and on first run seeds) the database, then serves the API.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/database.ts';
import { loadFixture } from '../seed/fixture.ts';
import { isSeeded, seedDatabase } from '../seed/seed.ts';
import { createPortalApp } from './app.ts';
import { parseArgs, usage } from './cli-args.ts';
import { issueToken } from './tokens.ts';

function main(): void {
  if (process.argv.includes('--help')) {
    console.log(usage);
    return;
  }
  const args = parseArgs(process.argv.slice(2));
  const db = openDatabase(args.db);

  const seed = args.seed ?? (args.fixture ? 'none' : 'demo');
  if (seed !== 'none') {
    if (isSeeded(db)) {
      if (args.seed) console.log(`Database ${args.db} already holds data: not seeding it again.`);
    } else {
      const started = performance.now();
      seedDatabase(db, seed);
      console.log(`Seeded ${args.db} with "${seed}" in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
  }
  if (args.fixture) {
    loadFixture(db, JSON.parse(readFileSync(args.fixture, 'utf8')) as unknown);
    console.log(`Loaded fixture ${args.fixture}.`);
  }
  const token = issueToken(db, { orgId: 1, value: args.token });

  const app = createPortalApp(db, { log: args.quiet ? undefined : (line) => console.log(line) });
  const server = serve({ fetch: app.fetch, port: args.port, hostname: args.host }, (info) => {
    console.log(`Portal API listening on http://${args.host}:${info.port}`);
    console.log(`Token: ${token}`);
  });
  const stop = () => {
    server.close();
    db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  main();
} catch (e) {
  console.error(`portal: ${(e as Error).message}`);
  process.exit(1);
}
