// EXPLAIN QUERY PLAN of the statements every list endpoint runs, unfiltered and filtered on
// each of its *_id columns. Used by the query plan test and the latency benchmark.
import type { ListRunner } from './list-query.ts';
import { listEndpoints } from './list-specs.ts';

interface PlanReport {
  endpoint: string;
  column: string | null;
  steps: string[];
  /** True when a step reads a whole table ("SCAN t" without an index search). */
  fullScan: boolean;
}

export function idFilterPlans(runner: ListRunner, orgId = 1, pathId = 1): PlanReport[] {
  const plans: PlanReport[] = [];
  for (const ep of listEndpoints) {
    const columns = ep.filterable ? [...ep.filterable.columns.keys()].filter((c) => c.endsWith('_id')) : [];
    for (const column of [null, ...columns]) {
      const filter = column === null ? undefined : { equal: new Map([[column, 1]]), impossible: false };
      const { count, page } = runner.explain(ep.spec(orgId, pathId), filter);
      const steps = [...count, ...page];
      plans.push({ endpoint: ep.path, column, steps, fullScan: steps.some((s) => /^SCAN /.test(s)) });
    }
  }
  return plans;
}
