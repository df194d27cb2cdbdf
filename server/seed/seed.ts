// seedDatabase(db, 'demo' | 'large'): deterministic data, one transaction.
import type { Database } from 'better-sqlite3';
import { ddl } from '../db/ddl.ts';
import { generate } from './generate.ts';
import { demoPlan, largePlan } from './plan.ts';

export type SeedKind = 'demo' | 'large';

export function isSeeded(db: Database): boolean {
  return db.prepare('SELECT 1 FROM organisation LIMIT 1').get() !== undefined;
}

export function seedDatabase(db: Database, kind: SeedKind): void {
  if (isSeeded(db)) throw new Error('The database already holds data: seed an empty database.');
  const plan = kind === 'large' ? largePlan : demoPlan;
  db.transaction(() => {
    // Building the indexes once, after the rows, is several times faster than updating
    // them row by row (the large seed has to fit in 60 s).
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").pluck().all() as string[];
    for (const name of indexes) db.exec(`DROP INDEX "${name}"`);
    generate(db, plan);
    db.exec(ddl);
  })();
  // Fresh statistics help the planner pick the (org_id, column) indexes.
  db.exec('ANALYZE');
}
