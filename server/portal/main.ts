// The portal server CLI: opens (and on first run seeds) the database, then serves the API.
// With --print-keys it gives every organisation a new API key, prints them, and exits.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../db/database.ts';
import { loadFixture } from '../seed/fixture.ts';
import { isSeeded, seedDatabase } from '../seed/seed.ts';
import { createPortalApp } from './app.ts';
import { parseArgs, usage } from './cli-args.ts';
import { exposedPortalWarning } from './exposure.ts';
import { issueToken, replaceApikeys } from './tokens.ts';

/** Only digests of the keys are stored, so showing them means making new ones. */
function printNewKeys(db: Database, file: string): void {
  const orgs = db.prepare('SELECT org_id AS orgId, org_name AS name FROM organisation ORDER BY org_id').all() as {
    orgId: number;
    name: string;
  }[];
  console.log(
    `New API keys for ${file} (the previous keys of these organisations stop working; tokens already issued stay valid until they expire):`,
  );
  if (orgs.length === 0) console.log('  (none: the database holds no organisation)');
  for (const org of orgs) console.log(`  Organisation ${org.orgId} (${org.name}): ${replaceApikeys(db, org.orgId)}`);
}

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
    const load = loadFixture(db, JSON.parse(readFileSync(args.fixture, 'utf8')) as unknown);
    console.log(`Loaded fixture ${args.fixture}: ${load.added} records added, ${load.alreadyPresent} already there.`);
  }
  if (args.printKeys) {
    printNewKeys(db, args.db);
    db.close();
    return;
  }
  const token = issueToken(db, { orgId: 1, value: args.token });

  const warning = exposedPortalWarning(args.host);
  if (warning) console.warn(warning);
  const app = createPortalApp(db, { log: args.quiet ? undefined : (line) => console.log(line), quirks: args.quirks });
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
