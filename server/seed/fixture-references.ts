// Checks a fixture beyond field types, before anything is written: duplicate ids, duplicate
// organisation identifiers, and memberships whose group or user does not exist (or is in
// another organisation) or that repeat a membership. Same rules as the API's own create.
import type { Database } from 'better-sqlite3';
import { fixtureError } from './fixture-error.ts';
import type { FixtureDocument, FixtureRecord } from './fixture.ts';

const primaryKeys = {
  grp: ['grp', 'grp_id'],
  user: ['portal_user', 'user_id'],
  product: ['product', 'product_id'],
  user_grp: ['user_grp', 'user_grp_id'],
  take: ['take', 'take_id'],
  availability_group: ['availability_group', 'availability_group_id'],
  product_access: ['product_access', 'product_access_id'],
} as const;

const orgOf = (r: FixtureRecord) => (r.org_id as number | undefined) ?? 1;

export function checkReferences(db: Database, doc: FixtureDocument): void {
  const problems: string[] = [];

  for (const [name, [table, pk]] of Object.entries(primaryKeys)) {
    const inDb = db.prepare(`SELECT 1 FROM ${table} WHERE ${pk} = ?`);
    const seen = new Map<number, number>();
    (doc[name as keyof typeof primaryKeys] ?? []).forEach((r, i) => {
      const id = r[pk] as number | undefined;
      if (id === undefined) return;
      const first = seen.get(id);
      if (first !== undefined) problems.push(`${name}[${i}].${pk}: duplicate id ${id} (also ${name}[${first}])`);
      else if (inDb.get(id)) problems.push(`${name}[${i}].${pk}: id ${id} already exists in the database`);
      seen.set(id, i);
    });
  }

  const identifierInDb = db.prepare('SELECT 1 FROM portal_user WHERE org_id = ? AND user_organisation_identifier = ?');
  const identifiers = new Map<string, number>();
  (doc.user ?? []).forEach((u, i) => {
    const identifier = u.user_organisation_identifier as string | null | undefined;
    if (identifier === undefined || identifier === null) return;
    const key = `${orgOf(u)}\u0000${identifier}`;
    const first = identifiers.get(key);
    const field = `user[${i}].user_organisation_identifier`;
    if (first !== undefined) problems.push(`${field}: "${identifier}" is also the identifier of user[${first}]`);
    else if (identifierInDb.get(orgOf(u), identifier)) problems.push(`${field}: "${identifier}" already exists in the database`);
    identifiers.set(key, i);
  });

  const fixtureIds = (records: FixtureRecord[] | undefined, pk: string) =>
    new Map((records ?? []).filter((r) => r[pk] !== undefined).map((r) => [r[pk] as number, orgOf(r)]));
  const groups = fixtureIds(doc.grp, 'grp_id');
  const users = fixtureIds(doc.user, 'user_id');
  const groupOrg = db.prepare('SELECT org_id FROM grp WHERE grp_id = ?').pluck();
  const userOrg = db.prepare('SELECT org_id FROM portal_user WHERE user_id = ?').pluck();
  const pairInDb = db.prepare('SELECT 1 FROM user_grp WHERE user_grp_grp_id = ? AND user_grp_user_id = ?');
  const pairs = new Map<string, number>();
  (doc.user_grp ?? []).forEach((m, i) => {
    const org = orgOf(m);
    const grp = m.user_grp_grp_id as number;
    const user = m.user_grp_user_id as number;
    if ((groups.get(grp) ?? groupOrg.get(grp)) !== org) {
      problems.push(`user_grp[${i}].user_grp_grp_id: group ${grp} does not exist in organisation ${org}`);
    }
    if ((users.get(user) ?? userOrg.get(user)) !== org) {
      problems.push(`user_grp[${i}].user_grp_user_id: user ${user} does not exist in organisation ${org}`);
    }
    const key = `${grp}:${user}`;
    const first = pairs.get(key);
    if (first !== undefined) problems.push(`user_grp[${i}]: duplicate membership of user ${user} in group ${grp} (also user_grp[${first}])`);
    else if (pairInDb.get(grp, user)) problems.push(`user_grp[${i}]: user ${user} is already a member of group ${grp}`);
    pairs.set(key, i);
  });

  // A user's `groups` names groups of its organisation, in the fixture or the database.
  const nameInDb = db.prepare('SELECT 1 FROM grp WHERE org_id = ? AND grp_name = ?');
  const names = new Set((doc.grp ?? []).map((g) => `${orgOf(g)}\u0000${String(g.grp_name)}`));
  (doc.user ?? []).forEach((u, i) => {
    const list = (u.groups as string[] | undefined) ?? [];
    if (list.length > 0 && u.user_id === undefined) problems.push(`user[${i}].user_id: needed when "groups" is given`);
    list.forEach((name, j) => {
      if (!names.has(`${orgOf(u)}\u0000${name}`) && !nameInDb.get(orgOf(u), name)) {
        problems.push(`user[${i}].groups[${j}]: no group named "${name}" in organisation ${orgOf(u)}`);
      }
    });
  });

  if (problems.length > 0) throw fixtureError(problems);
}
