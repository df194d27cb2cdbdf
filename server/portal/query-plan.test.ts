// "No filter on an id column scans a whole table": EXPLAIN QUERY PLAN of the very statements
// the list endpoints run, for every *_id column of every list, must use an index or the key.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { seedDatabase } from '../seed/seed.ts';
import { ListRunner } from './list-query.ts';
import { idFilterPlans } from './query-plans.ts';

describe('query plans', () => {
  const db = openDatabase(':memory:');
  seedDatabase(db, 'demo');
  const plans = idFilterPlans(new ListRunner(db));

  it.each(plans.map((p) => [p.endpoint, p.column ?? '(no filter)', p.steps] as const))(
    '%s %s: no full scan',
    (_e, _c, steps) => {
      for (const step of steps) expect(step).not.toMatch(/^SCAN /);
    },
  );
});
