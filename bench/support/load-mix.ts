// The load test's request mix over real ids of the large seed's organisation 1, shared by the
// single-server load test (bench/load.ts) and the two-replica one (bench/replicas.ts).
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { largeFacts } from '../../server/seed/facts.ts';

const f = largeFacts.org1;

export interface Sample {
  userIds: number[];
  identifiers: string[];
  groupIds: number[];
  productIds: number[];
  takeIds: number[];
}

/** Real ids of organisation 1 to spread the reads over (a random sample, fixed per run). */
export function sample(file: string): Sample {
  const db = new Database(file, { readonly: true });
  const users = db
    .prepare(
      'SELECT user_id, user_organisation_identifier AS identifier FROM portal_user WHERE org_id = 1 AND user_organisation_identifier IS NOT NULL ORDER BY random() LIMIT 2000',
    )
    .all() as { user_id: number; identifier: string }[];
  const ids = (sql: string) => db.prepare(sql).pluck().all() as number[];
  const result = {
    userIds: users.map((u) => u.user_id),
    identifiers: users.map((u) => u.identifier),
    groupIds: ids('SELECT grp_id FROM grp WHERE org_id = 1 ORDER BY random() LIMIT 2000'),
    productIds: ids('SELECT product_id FROM product WHERE org_id = 1 ORDER BY random() LIMIT 500'),
    takeIds: ids('SELECT take_id FROM take WHERE org_id = 1 ORDER BY random() LIMIT 2000'),
  };
  db.close();
  return result;
}

const pick = <T>(values: readonly T[], n: number): T => values[n % values.length] as T;
const eq = (column: string, value: number | string) => ({
  criterias: [{ column, operator: 'equal', value: String(value) }],
});

export type Req = { method: 'GET' | 'POST'; path: string; body?: unknown };

/** The read mix: what the dashboard's pages ask for, roughly in proportion. */
export function readMix(s: Sample): ((n: number) => Req)[] {
  return [
    (n) => ({ method: 'GET', path: `/api/grp/get_with_children/${pick(s.groupIds, n)}` }),
    () => ({ method: 'GET', path: `/api/grp/get_with_children/${f.bigParentGroupId ?? f.rootGroupId}` }),
    () => ({ method: 'POST', path: '/api/grp/get_all', body: { start: 0, limit: 100 } }),
    (n) => ({ method: 'POST', path: '/api/grp/get_all', body: { start: (n % 50) * 100, limit: 100 } }),
    (n) => ({ method: 'POST', path: '/api/grp/get_all', body: eq('grp_parent_id', pick(s.groupIds, n)) }),
    (n) => ({
      method: 'POST',
      path: '/api/user_grp/get_all',
      body: { ...eq('user_grp_grp_id', pick(s.groupIds, n)), limit: 50 },
    }),
    (n) => ({
      method: 'POST',
      path: '/api/user_grp/get_all',
      body: {
        criterias: [
          eq('user_grp_grp_id', pick(s.groupIds, n)).criterias[0],
          eq('user_grp_user_id', pick(s.userIds, n)).criterias[0],
        ],
      },
    }),
    (n) => ({
      method: 'GET',
      path: `/api/user/get_by_organisation_identifier/${encodeURIComponent(pick(s.identifiers, n))}`,
    }),
    (n) => ({ method: 'POST', path: `/api/user/grp/${pick(s.userIds, n)}`, body: {} }),
    (n) => ({ method: 'POST', path: `/api/take/get_all_for_user/${pick(s.userIds, n)}`, body: { limit: 50 } }),
    (n) => ({ method: 'GET', path: `/api/take/get/${pick(s.takeIds, n)}` }),
    (n) => ({ method: 'GET', path: `/api/product/get/${pick(s.productIds, n)}` }),
    () => ({ method: 'GET', path: '/api/product/definition' }),
    (n) => ({
      method: 'POST',
      path: '/api/availability_group/get_all',
      body: eq('availability_group_product_id', pick(s.productIds, n)),
    }),
    (n) => ({ method: 'POST', path: '/api/product_access/get_all_for_bundle', body: { start: (n % 20) * 10 } }),
  ];
}

export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS'));
  return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) / 1024);
}

/** A membership create: random (group, user) pairs, mostly new, sometimes existing (409). */
export function createRequest(s: Sample, i: number): Req {
  return {
    method: 'POST',
    path: '/api/user_grp/create',
    body: { user_grp_grp_id: pick(s.groupIds, i * 7 + 3), user_grp_user_id: pick(s.userIds, i * 13 + 5) },
  };
}

export function memberships(file: string): number {
  const db = new Database(file, { readonly: true });
  const n = db.prepare('SELECT COUNT(*) FROM user_grp').pluck().get() as number;
  db.close();
  return n;
}
