// The people and the expected answers of the /api scope tests: accounts mode over the demo portal,
// a manager of two branches of organisation 1 (groups 20 and 32, one level under the root), its
// admin, and a manager of organisation 2. What the manager should see is read from the portal's
// own database (a recursive query), not from the code under test.
import { expect } from 'vitest';
import { demoFacts } from '../../seed/facts.ts';
import type { DashboardStore } from '../../dashboard/store/connection.ts';
import { startAccounts, type AccountsHarness, type Person } from '../test-accounts.ts';

/** Two children of organisation 1's root, with subtrees of about ten groups each. */
export const MANAGED = [20, 32];

export interface ScopeFixture {
  h: AccountsHarness;
  mia: Person;
  ann: Person;
  zed: Person;
  /** Every group of the managed subtrees, in grp_id order. */
  groupIds: number[];
  /** The users who are members of one of those groups. */
  memberIds: Set<number>;
  /** SQL on the embedded portal's database. */
  all: <T>(sql: string, ...params: unknown[]) => T[];
}

export async function startScopeFixture(open: () => Promise<DashboardStore>): Promise<ScopeFixture> {
  const h = await startAccounts(open);
  const all = <T>(sql: string, ...params: unknown[]) => h.portal.db.prepare(sql).all(...params) as T[];
  const groupIds = all<{ grp_id: number }>(
    `WITH RECURSIVE sub(grp_id) AS (
       SELECT grp_id FROM grp WHERE org_id = 1 AND grp_id IN (${MANAGED.join(',')})
       UNION SELECT g.grp_id FROM grp g JOIN sub ON g.grp_parent_id = sub.grp_id WHERE g.org_id = 1
     ) SELECT grp_id FROM sub ORDER BY grp_id`,
  ).map((row) => row.grp_id);
  // The subtrees are real branches: more than their roots, and not the whole organisation.
  expect(groupIds.length).toBeGreaterThan(MANAGED.length + 5);
  expect(groupIds.length).toBeLessThan(demoFacts.org1.counts.groups / 2);
  const memberIds = new Set(
    all<{ u: number }>(
      `SELECT DISTINCT user_grp_user_id AS u FROM user_grp WHERE user_grp_grp_id IN (${groupIds.join(',')})`,
    ).map((row) => row.u),
  );
  return {
    h,
    mia: await h.person(1, 'mia@example.org', 'manager', MANAGED),
    ann: await h.person(1, 'ann@example.org', 'admin'),
    zed: await h.person(2, 'zed@example.org', 'manager', [demoFacts.org2.groupId]),
    groupIds,
    memberIds,
    all,
  };
}

/** A user who is a member of a group in scope and of a group outside it. */
export function memberInAndOut(f: ScopeFixture): number {
  const inside = f.groupIds.join(',');
  const [row] = f.all<{ u: number }>(
    `SELECT a.user_grp_user_id AS u FROM user_grp a JOIN user_grp b ON b.user_grp_user_id = a.user_grp_user_id
     WHERE a.org_id = 1 AND a.user_grp_grp_id IN (${inside}) AND b.user_grp_grp_id NOT IN (${inside})
     ORDER BY a.user_grp_user_id LIMIT 1`,
  );
  if (!row) throw new Error('The demo seed has no member both inside and outside the managed groups.');
  return row.u;
}

/** A user of organisation 1 in no group in scope (in another group). */
export function notVisible(f: ScopeFixture): number {
  const [row] = f.all<{ u: number }>(
    `SELECT user_grp_user_id AS u FROM user_grp WHERE org_id = 1 AND user_grp_user_id NOT IN (${[...f.memberIds].join(',')})
     ORDER BY user_grp_user_id LIMIT 1`,
  );
  if (!row) throw new Error('Every user of the demo seed is in the managed groups.');
  return row.u;
}

/** The error body the portal gives for a record that does not exist. */
export const notFoundBody = (what: string) => ({
  status: false,
  error: { code: 'not_found', message: `${what} does not exist in your organisation. Check the id or identifier.` },
});
