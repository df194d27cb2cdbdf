// seedDatabase(db, 'demo' | 'large'): deterministic data, one transaction; only the API keys
// are random, new for each database.
import type { Database } from 'better-sqlite3';
import { addApikey, newApikey } from '../portal/tokens.ts';
import { generate } from './generate.ts';
import { demoPlan, largePlan } from './plan.ts';

type SeedKind = 'demo' | 'large';

/** An organisation's API key, as generated: the only moment it exists in plain text. */
interface SeededKey {
  orgId: number;
  orgName: string;
  apikey: string;
}

export function isSeeded(db: Database): boolean {
  return db.prepare('SELECT 1 FROM organisation LIMIT 1').get() !== undefined;
}

/** Seeds an empty database; returns the administrator API key of each organisation. */
export function seedDatabase(db: Database, kind: SeedKind): SeededKey[] {
  if (isSeeded(db)) throw new Error('The database already holds data: seed an empty database.');
  const plan = kind === 'large' ? largePlan : demoPlan;
  const keys = plan.orgs.map((org) => ({ orgId: org.orgId, orgName: org.name, apikey: newApikey() }));
  db.transaction(() => {
    // Building the indexes once, after the rows, is several times faster than updating
    // them row by row (the large seed has to fit in 60 s).
    const indexes = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .all() as { name: string; sql: string }[];
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    generate(db, plan);
    for (const { sql } of indexes) db.exec(sql);
    for (const key of keys) addApikey(db, key.apikey, key.orgId);
  })();
  // Fresh statistics help the planner pick the (org_id, column) indexes.
  db.exec('ANALYZE');
  return keys;
}
