// A manager's scope: the subtrees of their groups from the group index (gathered on the first
// request when there is none), their members from the groups' lists, and every route refused to
// a manager until a scope rule claims it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grp } from '#schemas/grp.ts';
import { demoFacts } from '../../seed/facts.ts';
import { openStore } from '../../dashboard/store/connection.ts';
import { startAccounts, type AccountsHarness } from '../test-accounts.ts';
import { subtreeOf } from './manager-scope.ts';

const group = (grp_id: number, grp_parent_id: number | null): Grp => ({
  grp_id,
  grp_name: `g${grp_id}`,
  grp_description: '',
  grp_parent_id,
  grp_external_id: '',
  grp_external_name: '',
  grp_created_date: '2026-01-01 00:00:00',
  grp_updated_date: '2026-01-01 00:00:00',
});

describe('subtreeOf', () => {
  // 1 ─ 2 ─ 4        7 ─ 8 (8's parent says 7, 7's parent says 8: a cycle)
  //   └ 3 ─ 5 ─ 6    9 (a root of its own)
  const index = [group(1, null), group(2, 1), group(3, 1), group(4, 2), group(5, 3), group(6, 5)];
  const cycle = [group(7, 8), group(8, 7), group(9, 0)];

  it('holds the groups given and every group below them, in id order', () => {
    expect(subtreeOf(index, [3]).groups.map((g) => g.grp_id)).toEqual([3, 5, 6]);
    expect(subtreeOf(index, [6, 2]).groups.map((g) => g.grp_id)).toEqual([2, 4, 6]);
    expect(subtreeOf(index, [1]).groups).toHaveLength(6);
  });

  it('leaves out groups that no longer exist, and visits a cycle once', () => {
    // A root's parent outside the subtrees does not exist for the manager.
    expect(subtreeOf(index, [42, 5])).toEqual({ rootIds: [5], groups: [group(5, null), group(6, 5)] });
    expect(subtreeOf([...index, ...cycle], [7]).groups.map((g) => g.grp_id)).toEqual([7, 8]);
    expect(subtreeOf(cycle, [9]).groups.map((g) => g.grp_id)).toEqual([9]);
  });
});

describe('a manager on the dashboard server', () => {
  let h: AccountsHarness;
  const root = demoFacts.org1.rootGroupId;
  const deepest = demoFacts.org1.deepestGroupId;
  beforeAll(async () => {
    h = await startAccounts(() => openStore({ dialect: 'sqlite', file: ':memory:' }));
  });
  afterAll(() => h.close());

  it('gets the subtrees of their groups, gathering the group index on the first request', async () => {
    expect((await h.dashboard.store.db.selectFrom('shared_cache').selectAll().execute()).length).toBe(0);
    const scope = await h.dashboard.managerScopes.of(1, 1, h.portal.token1, [deepest - 1, 999_999]);
    expect(scope.rootIds).toEqual([deepest - 1]);
    expect([...scope.groupIds].sort((a, b) => a - b)).toEqual([deepest - 1, deepest]);
    expect(scope.groups.map((g) => g.grp_id)).toEqual([deepest - 1, deepest]);
    const whole = await h.dashboard.managerScopes.of(1, 1, h.portal.token1, [root]);
    expect(whole.groups.length).toBeGreaterThan(demoFacts.org1.deepestGroupDepth);
  });

  it('counts as members the people of every group in scope, and nobody else', async () => {
    const many = demoFacts.org1.userWithManyTakes.userId; // admin of the deepest group
    const scope = await h.dashboard.managerScopes.of(1, 1, h.portal.token1, [deepest]);
    const members = await scope.members();
    expect(members.has(many)).toBe(true);
    expect(members.has(demoFacts.org1.userWithoutGroups.userId)).toBe(false);
    // Another organisation's ids are not groups of this one.
    const foreign = await h.dashboard.managerScopes.of(1, 1, h.portal.token1, [demoFacts.org2.groupId]);
    expect(foreign.groups).toEqual([]);
    expect(await foreign.members()).toEqual(new Set());
  });

  it('refuses a manager every route no scope rule claims, and lets admins by', async () => {
    const mia = await h.person(1, 'mia@example.org', 'manager', [deepest]);
    const ann = await h.person(1, 'ann@example.org', 'admin');
    const refused = await h.send('PUT', '/dashboard-api/nowhere', { person: mia, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('not_for_managers');
    expect((await h.send('PUT', '/dashboard-api/nowhere', { person: ann, body: {} })).status).toBe(404);
  });
});
