// loadFixture(db, json): validates the whole document, then writes it in one transaction.
// Any problem throws an Error naming the record (collection[index]) and the field, and
// nothing is loaded. Loading is idempotent, so a fixture can be loaded at every start on a
// database that persists: records already present and identical are skipped, records present
// with other values are problems (fixture-present.ts).
import type { Database, Statement } from 'better-sqlite3';
import * as z from 'zod/mini';
import { formatTimestamp, normaliseTimestamp } from '../db/time.ts';
import { apikeyLabel } from '../db/credentials.ts';
import { issueMessage, issuePath, valueAt } from '../portal/issues.ts';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, addApikey, storeToken } from '../portal/tokens.ts';
import { collectionNames, fixtureCollections, type CollectionName } from './fixture-schema.ts';
import { fixtureError } from './fixture-error.ts';
import { findPresent } from './fixture-present.ts';
import { referenceProblems } from './fixture-references.ts';
import { fixtureRows, orgOf, type FixtureRow, type RecordKind } from './fixture-rows.ts';
import { createWriters } from './writer.ts';

export type FixtureRecord = Record<string, unknown>;
export type FixtureDocument = Partial<Record<CollectionName, FixtureRecord[]>>;

interface FixtureLoad {
  /** Records written by this load. */
  added: number;
  /** Records that were already in the database, identical. */
  alreadyPresent: number;
}

export function loadFixture(db: Database, json: unknown): FixtureLoad {
  const doc = validateFixture(json);
  const now = formatTimestamp(Date.now());
  return db
    .transaction(() => {
      const rows = fixtureRows(doc, now);
      const present = findPresent(db, rows);
      const skippedAt = new Set([...present.skipped].map((r) => `${r.kind.name}[${r.index}]`));
      const problems = [
        ...present.problems,
        ...referenceProblems(db, doc, (name, i) => !skippedAt.has(`${name}[${i}]`)),
      ];
      if (problems.length > 0) throw fixtureError(problems);
      const written = rows.filter((r) => !present.skipped.has(r));
      writeFixture(db, doc, written, now);
      return { added: written.length, alreadyPresent: present.skipped.size };
    })
    .immediate();
}

function validateFixture(json: unknown): FixtureDocument {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw fixtureError(['the document must be a JSON object with collections such as "grp" and "user"']);
  }
  const problems: string[] = [];
  const doc: FixtureDocument = {};
  for (const [name, records] of Object.entries(json)) {
    if (!(collectionNames as string[]).includes(name)) {
      problems.push(`"${name}": unknown collection (expected ${collectionNames.join(', ')})`);
      continue;
    }
    if (!Array.isArray(records)) {
      problems.push(`"${name}": must be an array of records`);
      continue;
    }
    const schema = fixtureCollections[name as CollectionName];
    const parsed: FixtureRecord[] = [];
    records.forEach((record: unknown, i) => {
      const r = z.safeParse(schema, record);
      if (r.success) {
        parsed.push(r.data as FixtureRecord);
        return;
      }
      for (const issue of r.error.issues) {
        const field = issuePath(issue);
        problems.push(`${name}[${i}]${field ? `.${field}` : ''}: ${issueMessage(issue, valueAt(record, issue.path))}`);
      }
    });
    doc[name as CollectionName] = parsed;
  }
  if (problems.length > 0) throw fixtureError(problems);
  return doc;
}

function writeFixture(db: Database, doc: FixtureDocument, rows: FixtureRow[], now: string): void {
  const w = createWriters(db);

  // Organisations: the listed ones, then any other org_id a record uses.
  const upsertOrg = db.prepare(
    `INSERT INTO organisation (org_id, org_name, product_properties) VALUES (?, ?, ?)
     ON CONFLICT (org_id) DO UPDATE SET org_name = excluded.org_name, product_properties = excluded.product_properties`,
  );
  for (const o of doc.organisation ?? []) {
    upsertOrg.run(
      o.org_id,
      (o.org_name as string | undefined) ?? `Organisation ${String(o.org_id)}`,
      JSON.stringify(o.product_properties ?? []),
    );
  }
  for (const name of collectionNames) {
    for (const r of doc[name] ?? [])
      w.organisation({ org_id: orgOf(r), org_name: `Organisation ${orgOf(r)}`, product_properties: [] });
  }

  // Keys and tokens: stored as digests; a token without expired_date gets 24 h from this load.
  for (const k of doc.apikeys ?? []) addApikey(db, k.apikey as string, orgOf(k));
  for (const t of doc.tokens ?? []) {
    addApikey(db, t.apikey as string, orgOf(t));
    const expires =
      t.expired_date === undefined
        ? Date.now() + DEFAULT_TOKEN_LIFETIME_SECONDS * 1000
        : Date.parse(normaliseTimestamp(t.expired_date as string) as string);
    storeToken(db, t.token as string, apikeyLabel(t.apikey as string), orgOf(t), expires);
  }

  const statements: Partial<Record<RecordKind['name'], Statement>> = {
    grp: w.grp,
    user: w.user,
    product: w.product,
    user_grp: w.userGrp,
    take: w.take,
    availability_group: w.availabilityGroup,
    product_access: w.productAccess,
  };
  for (const r of rows) {
    try {
      statements[r.kind.name]?.run(r.row);
    } catch (e) {
      throw fixtureError([`${r.kind.name}[${r.index}]: ${(e as Error).message}`]);
    }
  }
  // After user_grp's own records, so that these never override them.
  addGroupMemberships(db, doc, now);
}

/** Each user's `groups` (grp_name): memberships with admin 0, unless they already exist. */
function addGroupMemberships(db: Database, doc: FixtureDocument, now: string): void {
  const groupByName = db
    .prepare('SELECT grp_id FROM grp WHERE org_id = ? AND grp_name = ? ORDER BY grp_id LIMIT 1')
    .pluck();
  const addMembership = db.prepare(
    `INSERT INTO user_grp (org_id, user_grp_grp_id, user_grp_user_id, user_grp_group_admin, user_grp_created_date, user_grp_updated_date)
     VALUES (?, ?, ?, 0, ?, ?) ON CONFLICT (user_grp_grp_id, user_grp_user_id) DO NOTHING`,
  );
  for (const u of doc.user ?? []) {
    for (const name of (u.groups as string[] | undefined) ?? []) {
      addMembership.run(orgOf(u), groupByName.get(orgOf(u), name), u.user_id, now, now);
    }
  }
}
