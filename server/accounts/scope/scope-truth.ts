// What the scope fuzz (scope-fuzz.test.ts) holds true, read from the embedded portal's own
// database rather than through any route: a manager's groups and what lies inside and outside
// them, and the search of an answer for anything outside.
import type { Database } from 'better-sqlite3';

interface PortalPerson {
  user_id: number;
  identifier: string;
  lastname: string;
  email: string;
}

export interface Truth {
  /** The manager's groups: a group below a root, and a root of its own. */
  managerGroups: number[];
  scopeGroups: ReadonlySet<number>;
  visibleUsers: ReadonlySet<number>;
  /** Every group and person of both organisations, in id order. */
  allGroupIds: readonly number[];
  allUserIds: readonly number[];
  inGroup: number;
  /** A group two levels below `inGroup`. */
  deepGroup: number;
  outGroup: number;
  /** A group in scope with an external id. */
  externalInGroup: number;
  otherOrgGroup: number;
  visibleUser: PortalPerson;
  invisibleUser: PortalPerson;
  otherOrgUser: PortalPerson;
  productId: number;
  externalIdOf: (grpId: number) => string;
  takeOf: (userId: number) => number;
  membershipCount: () => number;
  /** E-mails of everyone the manager may not see (organisation 1's others, organisation 2's all). */
  hiddenEmails: readonly string[];
  /** Names of the groups outside the subtrees that no group inside has too. */
  hiddenGroupNames: ReadonlySet<string>;
}

interface GroupRow {
  grp_id: number;
  grp_parent_id: number | null;
  org_id: number;
  grp_name: string;
  grp_external_id: string | null;
}

export function portalTruth(db: Database): Truth {
  const groups = db
    .prepare('SELECT grp_id, grp_parent_id, org_id, grp_name, grp_external_id FROM grp')
    .all() as GroupRow[];
  const childrenOf = new Map<number, number[]>();
  for (const g of groups)
    if (g.grp_parent_id) childrenOf.set(g.grp_parent_id, [...(childrenOf.get(g.grp_parent_id) ?? []), g.grp_id]);
  const subtree = (id: number): number[] => [id, ...(childrenOf.get(id) ?? []).flatMap(subtree)];
  const org1 = groups.filter((g) => g.org_id === 1);
  const depthBelow = (id: number): number => Math.max(0, ...(childrenOf.get(id) ?? []).map((c) => 1 + depthBelow(c)));
  // A branch that is not a root, three levels deep or more, and a small root elsewhere.
  const branch = org1.find((g) => g.grp_parent_id && depthBelow(g.grp_id) >= 2 && subtree(g.grp_id).length <= 12);
  const root = org1.find((g) => !g.grp_parent_id && subtree(g.grp_id).length <= 6);
  if (!branch || !root) throw new Error('The demo seed has no branch and small root for the scope fuzz.');
  const scopeGroups = new Set([...subtree(branch.grp_id), ...subtree(root.grp_id)]);
  const deepGroup = subtree(branch.grp_id).find(
    (id) => (childrenOf.get(branch.grp_id) ?? []).every((c) => c !== id) && id !== branch.grp_id,
  );
  const outGroup = org1.find((g) => !scopeGroups.has(g.grp_id) && g.grp_external_id)?.grp_id;
  const otherOrgGroup = groups.find((g) => g.org_id === 2)?.grp_id;
  const externalInGroup = org1.find((g) => scopeGroups.has(g.grp_id) && g.grp_external_id)?.grp_id;
  if (!deepGroup || !outGroup || !otherOrgGroup || !externalInGroup)
    throw new Error('The demo seed lacks groups for the scope fuzz.');

  const memberships = db.prepare('SELECT user_grp_user_id AS u, user_grp_grp_id AS g FROM user_grp').all() as {
    u: number;
    g: number;
  }[];
  const visibleUsers = new Set(memberships.filter((m) => scopeGroups.has(m.g)).map((m) => m.u));
  const people = db
    .prepare(
      `SELECT user_id, org_id, user_organisation_identifier AS identifier, lastname, lower(email) AS email
       FROM portal_user WHERE email IS NOT NULL AND user_organisation_identifier IS NOT NULL
         AND EXISTS (SELECT 1 FROM take WHERE take_user_id = user_id) ORDER BY user_id`,
    )
    .all() as (PortalPerson & { org_id: number })[];
  const visibleUser = people.find((p) => visibleUsers.has(p.user_id));
  const invisibleUser = people.find((p) => p.org_id === 1 && !visibleUsers.has(p.user_id));
  const otherOrgUser = people.find((p) => p.org_id === 2);
  if (!visibleUser || !invisibleUser || !otherOrgUser)
    throw new Error('The demo seed lacks people for the scope fuzz.');
  const hiddenEmails = (
    db.prepare('SELECT user_id, lower(email) AS email FROM portal_user WHERE email IS NOT NULL').all() as {
      user_id: number;
      email: string;
    }[]
  )
    .filter((p) => !visibleUsers.has(p.user_id))
    .map((p) => p.email);
  const insideNames = new Set(groups.filter((g) => scopeGroups.has(g.grp_id)).map((g) => g.grp_name));
  const hiddenGroupNames = new Set(
    groups.filter((g) => !scopeGroups.has(g.grp_id) && !insideNames.has(g.grp_name)).map((g) => g.grp_name),
  );
  const productId = (db.prepare('SELECT min(product_id) AS id FROM product WHERE org_id = 1').get() as { id: number })
    .id;

  return {
    managerGroups: [branch.grp_id, root.grp_id],
    scopeGroups,
    visibleUsers,
    allGroupIds: groups.map((g) => g.grp_id).sort((a, b) => a - b),
    allUserIds: (db.prepare('SELECT user_id FROM portal_user ORDER BY user_id').all() as { user_id: number }[]).map(
      (p) => p.user_id,
    ),
    inGroup: branch.grp_id,
    deepGroup,
    outGroup,
    externalInGroup,
    otherOrgGroup,
    visibleUser,
    invisibleUser,
    otherOrgUser,
    productId,
    externalIdOf: (grpId) => groups.find((g) => g.grp_id === grpId)?.grp_external_id ?? '',
    takeOf: (userId) =>
      (db.prepare('SELECT min(take_id) AS id FROM take WHERE take_user_id = ?').get(userId) as { id: number }).id,
    membershipCount: () => (db.prepare('SELECT count(*) AS n FROM user_grp').get() as { n: number }).n,
    hiddenEmails,
    hiddenGroupNames,
  };
}

const GROUP_KEYS = new Set(['grp_id', 'grp_parent_id', 'user_grp_grp_id', 'from_grp_id', 'grp_ids', 'group_ids']);
const USER_KEYS = new Set(['user_id', 'user_grp_user_id', 'take_user_id', 'product_access_user_id', 'user_ids']);
const NAME_KEYS = new Set(['grp_name', 'group_name', 'groups']);

/** Whether `text` holds `email` as a whole address (not the end of a longer one). */
function holdsAddress(text: string, email: string): boolean {
  for (let at = text.indexOf(email); at !== -1; at = text.indexOf(email, at + 1))
    if (at === 0 || !/[\w.%+-]/.test(text[at - 1] ?? '')) return true;
  return false;
}

/** Everything in an answer (JSON or text) that lies outside the manager's scope, said in a line each. */
export function findLeaks(
  truth: Truth,
  body: unknown,
  { allowUser, echoes = [] }: { allowUser?: number; echoes?: readonly number[] } = {},
): string[] {
  const leaks: string[] = [];
  const allowedEmail =
    allowUser === undefined
      ? undefined
      : [truth.invisibleUser, truth.otherOrgUser].find((p) => p.user_id === allowUser)?.email;
  const visit = (value: unknown, key: string, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, key, `${path}[${i}]`));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, k, `${path}.${k}`);
      return;
    }
    if (typeof value === 'number') {
      // 0 is the portal's "no parent".
      if (GROUP_KEYS.has(key) && value !== 0 && !truth.scopeGroups.has(value) && !echoes.includes(value))
        leaks.push(`group ${value} at ${path}`);
      if (USER_KEYS.has(key) && !truth.visibleUsers.has(value) && value !== allowUser)
        leaks.push(`user ${value} at ${path}`);
    }
    if (typeof value === 'string') {
      if (NAME_KEYS.has(key) && truth.hiddenGroupNames.has(value)) leaks.push(`group name ${value} at ${path}`);
      const text = value.toLowerCase();
      for (const email of truth.hiddenEmails)
        if (email !== allowedEmail && holdsAddress(text, email)) leaks.push(`e-mail ${email} at ${path}`);
    }
  };
  visit(body, '', '$');
  return leaks;
}
