// Tests of a group manager's scope: organisation 1's admin (ann), a manager of the "paris" branch
// of the demo seed (mia), organisation 2's admin (zed), the directory learned by the admins
// through POST /dashboard-api/people, and what the manager should see read from the portal's own
// tables (not from the code under test).
import { expect } from 'vitest';
import { demoFacts } from '../../seed/facts.ts';
import type { DashboardStore } from '../../dashboard/store/connection.ts';
import { startAccounts, type AccountsHarness, type Person } from '../test-accounts.ts';

const org1 = demoFacts.org1;
/** The chain sales > emea > france > paris > retail > juniors: paris and below. */
export const MANAGED_GROUP = org1.rootGroupId + 3;

export interface ScopeFixture {
  h: AccountsHarness;
  ann: Person;
  mia: Person;
  zed: Person;
  /** The groups of mia's subtree, and their names. */
  subtree: Set<number>;
  subtreeNames: Set<string>;
  /** Members of a group of the subtree that the directory knows: the people mia finds there. */
  visible: Set<number>;
  /** Organisation 1's people in the directory whom mia does not see. */
  hidden: number[];
  org1Users: number[];
  org2Users: number[];
}

export async function startScope(open: () => Promise<DashboardStore>): Promise<ScopeFixture> {
  const h = await startAccounts(open);
  const [ann, mia, zed] = await Promise.all([
    h.person(1, 'ann@example.org', 'admin'),
    h.person(1, 'mia@example.org', 'manager', [MANAGED_GROUP]),
    h.person(2, 'zed@example.org', 'admin'),
  ]);
  const db = h.portal.db;
  const subtreeRows = db
    .prepare(
      `WITH RECURSIVE t(id) AS (SELECT ? UNION SELECT g.grp_id FROM grp g JOIN t ON g.grp_parent_id = t.id)
       SELECT grp_id, grp_name FROM grp WHERE grp_id IN (SELECT id FROM t)`,
    )
    .all(MANAGED_GROUP) as { grp_id: number; grp_name: string }[];
  const subtree = new Set(subtreeRows.map((row) => row.grp_id));
  const members = new Set(
    (
      db
        .prepare(
          `SELECT DISTINCT user_grp_user_id AS id FROM user_grp WHERE user_grp_grp_id IN (${[...subtree].join(',')})`,
        )
        .all() as { id: number }[]
    ).map((row) => row.id),
  );
  // The people the directory can learn: those with an organisation identifier.
  const usersOf = (orgId: number) =>
    db
      .prepare(
        `SELECT user_id, user_organisation_identifier AS identifier FROM portal_user
         WHERE org_id = ? AND user_organisation_identifier IS NOT NULL ORDER BY user_id`,
      )
      .all(orgId) as { user_id: number; identifier: string }[];
  const [users1, users2] = [usersOf(1), usersOf(2)];
  await learn(
    h,
    ann,
    users1.map((u) => u.identifier),
  );
  await learn(
    h,
    zed,
    users2.map((u) => u.identifier),
  );
  const org1Users = users1.map((u) => u.user_id);
  const visible = new Set(org1Users.filter((id) => members.has(id)));
  return {
    h,
    ann,
    mia,
    zed,
    subtree,
    subtreeNames: new Set(subtreeRows.map((row) => row.grp_name)),
    visible,
    hidden: org1Users.filter((id) => !visible.has(id)),
    org1Users,
    org2Users: users2.map((u) => u.user_id),
  };
}

/** The directory learns these people as an admin's dashboard reports them (POST /people, 100 a request). */
async function learn(h: AccountsHarness, admin: Person, identifiers: string[]): Promise<void> {
  for (let i = 0; i < identifiers.length; i += 100) {
    const reply = await h.send('POST', '/dashboard-api/people', {
      person: admin,
      body: { identifiers: identifiers.slice(i, i + 100) },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
}

/** Every page of a list endpoint (100 a page), with the total each page said. */
export async function allPages(
  h: AccountsHarness,
  person: Person,
  path: string,
): Promise<{ totals: number[]; ids: number[] }> {
  const totals: number[] = [];
  const ids: number[] = [];
  const join = path.includes('?') ? '&' : '?';
  for (let start = 0; ; start += 100) {
    const reply = await h.send('GET', `${path}${join}start=${start}&limit=100`, { person });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    totals.push(reply.body.total);
    ids.push(...reply.body.result.map((row: { user_id: number }) => row.user_id));
    if (reply.body.result.length < 100) return { totals, ids };
  }
}
