// loadFixture(db, json): validates the whole document, then writes it in one transaction.
// Any problem throws an Error naming the record (collection[index]) and the field, and
// nothing is loaded.
import type { Database } from 'better-sqlite3';
import * as z from 'zod/mini';
import { productFieldNames } from '../../src/api/schemas/product.ts';
import { formatTimestamp, normaliseTimestamp } from '../db/time.ts';
import { issueMessage, issuePath, valueAt } from '../portal/issues.ts';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, storeToken } from '../portal/tokens.ts';
import { collectionNames, fixtureCollections, type CollectionName } from './fixture-schema.ts';
import { fixtureError } from './fixture-error.ts';
import { checkReferences } from './fixture-references.ts';
import { createWriters, userColumns } from './writer.ts';

export type FixtureRecord = Record<string, unknown>;
export type FixtureDocument = Partial<Record<CollectionName, FixtureRecord[]>>;

export function loadFixture(db: Database, json: unknown): void {
  const doc = validateFixture(json);
  checkReferences(db, doc);
  db.transaction(() => writeFixture(db, doc))();
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

function writeFixture(db: Database, doc: FixtureDocument): void {
  const w = createWriters(db);
  const now = formatTimestamp(Date.now());
  const orgOf = (r: FixtureRecord) => (r.org_id as number | undefined) ?? 1;
  // Left-out creation and update dates are "now"; other left-out fields are null.
  const date = (v: unknown, audit: boolean) =>
    v === undefined ? (audit ? now : null) : v === null ? null : normaliseTimestamp(v as string);

  // Organisations: the listed ones, then any other org_id a record uses.
  const upsertOrg = db.prepare(
    `INSERT INTO organisation (org_id, org_name, product_properties) VALUES (?, ?, ?)
     ON CONFLICT (org_id) DO UPDATE SET org_name = excluded.org_name, product_properties = excluded.product_properties`,
  );
  for (const o of doc.organisation ?? []) {
    upsertOrg.run(o.org_id, (o.org_name as string | undefined) ?? `Organisation ${String(o.org_id)}`, JSON.stringify(o.product_properties ?? []));
  }
  for (const name of collectionNames) {
    for (const r of doc[name] ?? []) w.organisation({ org_id: orgOf(r), org_name: `Organisation ${orgOf(r)}`, product_properties: [] });
  }

  const run = (name: CollectionName, write: (r: FixtureRecord) => void) => {
    (doc[name] ?? []).forEach((r, i) => {
      try {
        write(r);
      } catch (e) {
        throw fixtureError([`${name}[${i}]: ${(e as Error).message}`]);
      }
    });
  };

  const keyExists = db.prepare('SELECT org_id FROM apikey WHERE apikey = ?').pluck();
  run('tokens', (t) => {
    const owner = keyExists.get(t.apikey) as number | undefined;
    if (owner === undefined) w.apikey(t.apikey as string, orgOf(t));
    else if (owner !== orgOf(t)) throw new Error(`apikey belongs to organisation ${owner}, not ${orgOf(t)}`);
    const expires = t.expired_date === undefined ? Date.now() + DEFAULT_TOKEN_LIFETIME_SECONDS * 1000 : Date.parse(normaliseTimestamp(t.expired_date as string) as string);
    storeToken(db, t.token as string, t.apikey as string, orgOf(t), expires);
  });

  const full = (r: FixtureRecord, columns: readonly string[], defaults: FixtureRecord) => {
    const row: FixtureRecord = { org_id: orgOf(r) };
    for (const c of columns) {
      if (c.endsWith('_date')) row[c] = date(r[c], /_(created|updated)_date$/.test(c));
      else row[c] = r[c] !== undefined ? r[c] : (defaults[c] ?? null);
    }
    return row;
  };

  run('grp', (r) => w.grp.run(full(r, GRP, { grp_name: `group-${String(r.grp_id ?? 'new')}` })));
  run('user', (r) => w.user.run({ ...full(r, userColumns, {}), properties: JSON.stringify(r.properties ?? {}) }));
  run('product', (r) => w.product.run(full(r, PRODUCT, { product_type_id: 'elearning', product_status: 'published' })));
  run('user_grp', (r) => w.userGrp.run(full(r, USER_GRP, { user_grp_group_admin: 0 })));
  const groupByName = db.prepare('SELECT grp_id FROM grp WHERE org_id = ? AND grp_name = ? ORDER BY grp_id LIMIT 1').pluck();
  const addMembership = db.prepare(
    `INSERT INTO user_grp (org_id, user_grp_grp_id, user_grp_user_id, user_grp_group_admin, user_grp_created_date, user_grp_updated_date)
     VALUES (?, ?, ?, 0, ?, ?) ON CONFLICT (user_grp_grp_id, user_grp_user_id) DO NOTHING`,
  );
  run('user', (u) => {
    for (const name of (u.groups as string[] | undefined) ?? []) {
      addMembership.run(orgOf(u), groupByName.get(orgOf(u), name), u.user_id, now, now);
    }
  });
  run('take', (r) => w.take.run(full(r, TAKE, {})));
  run('availability_group', (r) => w.availabilityGroup.run(full(r, AVAILABILITY_GROUP, {})));
  run('product_access', (r) => w.productAccess.run(full(r, PRODUCT_ACCESS, {})));
}

const keysOf = (name: CollectionName) =>
  Object.keys((fixtureCollections[name] as unknown as { shape: Record<string, unknown> }).shape).filter((k) => k !== 'org_id');
const GRP = keysOf('grp');
const USER_GRP = keysOf('user_grp');
const TAKE = keysOf('take');
const AVAILABILITY_GROUP = keysOf('availability_group');
const PRODUCT_ACCESS = keysOf('product_access');
const PRODUCT = productFieldNames;
