// Checks a fixture beyond field types, before anything is written: duplicate ids, duplicate
// organisation identifiers, memberships whose group or user does not exist (or is in another
// organisation) or that repeat a membership, and credentials that belong to another
// organisation. Same rules as the API's own create. Records already present and identical
// (fixture-present.ts) are not written, so only the others can collide with the database.
import type { Database } from 'better-sqlite3';
import { quoted } from '../portal/echo.ts';
import { apikeyOwner, tokenOwner } from '../portal/tokens.ts';
import type { FixtureDocument, FixtureRecord } from './fixture.ts';
import { orgOf } from './fixture-rows.ts';

const primaryKeys = {
  grp: 'grp_id',
  user: 'user_id',
  product: 'product_id',
  user_grp: 'user_grp_id',
  take: 'take_id',
  availability_group: 'availability_group_id',
  product_access: 'product_access_id',
} as const;

/** Whether the record at that place of the fixture is to be written (not already present). */
type Writes = (collection: keyof typeof primaryKeys, index: number) => boolean;

export function referenceProblems(db: Database, doc: FixtureDocument, writes: Writes): string[] {
  const problems: string[] = [];

  for (const [name, pk] of Object.entries(primaryKeys)) {
    const seen = new Map<number, number>();
    (doc[name as keyof typeof primaryKeys] ?? []).forEach((r, i) => {
      const id = r[pk] as number | undefined;
      if (id === undefined) return;
      const first = seen.get(id);
      if (first !== undefined) problems.push(`${name}[${i}].${pk}: duplicate id ${id} (also ${name}[${first}])`);
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
    if (first !== undefined) problems.push(`${field}: ${quoted(identifier)} is also the identifier of user[${first}]`);
    else if (writes('user', i) && identifierInDb.get(orgOf(u), identifier))
      problems.push(`${field}: ${quoted(identifier)} already exists in the database`);
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
    if (first !== undefined)
      problems.push(`user_grp[${i}]: duplicate membership of user ${user} in group ${grp} (also user_grp[${first}])`);
    else if (writes('user_grp', i) && pairInDb.get(grp, user)) {
      problems.push(`user_grp[${i}]: user ${user} is already a member of group ${grp}, with other values`);
    }
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
        problems.push(`user[${i}].groups[${j}]: no group named ${quoted(name)} in organisation ${orgOf(u)}`);
      }
    });
  });

  // Credentials: a key or a token already known belongs to the organisation the fixture says.
  const owners = new Map<string, number>();
  const checkKey = (field: string, apikey: string, org: number) => {
    const owner = owners.get(apikey) ?? apikeyOwner(db, apikey);
    if (owner !== undefined && owner !== org)
      problems.push(`${field}: the API key belongs to organisation ${owner}, not ${org}`);
    owners.set(apikey, owner ?? org);
  };
  (doc.apikeys ?? []).forEach((k, i) => checkKey(`apikeys[${i}].apikey`, k.apikey as string, orgOf(k)));
  (doc.tokens ?? []).forEach((t, i) => {
    checkKey(`tokens[${i}].apikey`, t.apikey as string, orgOf(t));
    const owner = tokenOwner(db, t.token as string);
    if (owner !== undefined && owner !== orgOf(t))
      problems.push(`tokens[${i}].token: the token belongs to organisation ${owner}, not ${orgOf(t)}`);
  });

  return problems;
}
