import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { availabilityGroupSchema } from '#schemas/availability-group.ts';
import { grpSchema } from '#schemas/grp.ts';
import { productAccessSchema } from '#schemas/product-access.ts';
import { productSchema } from '#schemas/product.ts';
import { takeSchema } from '#schemas/take.ts';
import { userGrpSchema } from '#schemas/user-grp.ts';
import { credentialDigest } from '../db/credentials.ts';
import { openDatabase } from '../db/database.ts';
import { demoFacts, largeFacts } from './facts.ts';
import { isSeeded, seedDatabase } from './seed.ts';

// Everything but the API keys, which are random, new for each database (seed.ts).
const tables = [
  'organisation',
  'grp',
  'portal_user',
  'user_grp',
  'product',
  'take',
  'availability_group',
  'product_access',
];

function digest(db: Database): string {
  const h = createHash('sha256');
  for (const t of tables) h.update(JSON.stringify(db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).raw().all()));
  return h.digest('hex');
}

function demo(): Database {
  const db = openDatabase(':memory:');
  seedDatabase(db, 'demo');
  return db;
}

const one = <T>(db: Database, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as T;

describe('demo seed', () => {
  const db = demo();

  it('is deterministic: same seed, same data', () => {
    expect(digest(demo())).toBe(digest(db));
  });

  it('makes one API key per organisation, random for each database, stored as a digest only', () => {
    const first = openDatabase(':memory:');
    const keys = seedDatabase(first, 'demo');
    const again = seedDatabase(openDatabase(':memory:'), 'demo');
    expect(keys.map((k) => [k.orgId, k.orgName])).toEqual([
      [1, 'Acme Formation'],
      [2, 'Globex Learning'],
    ]);
    for (const [i, key] of keys.entries()) {
      expect(key.apikey).toMatch(/^lpk_[A-Za-z0-9_-]{32}$/);
      expect(key.apikey).not.toBe(again[i]?.apikey);
      expect(one(first, 'SELECT org_id FROM apikey WHERE key_sha256 = ?', credentialDigest(key.apikey))).toBe(
        key.orgId,
      );
    }
    expect(JSON.stringify(first.prepare('SELECT * FROM apikey').all())).not.toMatch(/lpk_/);
  });

  it('refuses to seed twice, and isSeeded says so', () => {
    expect(isSeeded(openDatabase(':memory:'))).toBe(false);
    expect(isSeeded(db)).toBe(true);
    expect(() => seedDatabase(db, 'demo')).toThrow(/already/);
  });

  it('has the sizes of the issue', () => {
    expect(one(db, 'SELECT COUNT(*) FROM portal_user')).toBe(300);
    expect(one(db, 'SELECT COUNT(*) FROM grp')).toBe(80);
    expect(one(db, 'SELECT COUNT(*) FROM product')).toBe(40);
    expect(one(db, 'SELECT COUNT(*) FROM take')).toBe(1500);
    expect(one(db, 'SELECT COUNT(*) FROM user_grp')).toBe(800);
    expect(one(db, 'SELECT COUNT(DISTINCT org_id) FROM portal_user')).toBe(2);
  });

  it('matches demoFacts', () => {
    const f = demoFacts.org1;
    expect(one(db, 'SELECT grp_name FROM grp WHERE grp_id = ?', f.deepestGroupId)).toBe(f.deepestGroupName);
    expect(one(db, 'SELECT COUNT(*) FROM grp WHERE grp_parent_id = ?', f.bigParentGroupId)).toBe(f.bigParentChildren);
    expect(one(db, 'SELECT COUNT(*) FROM take WHERE take_user_id = ?', f.userWithManyTakes.userId)).toBe(
      f.userWithManyTakes.takes,
    );
    expect(f.userWithManyTakes.takes).toBeGreaterThanOrEqual(30);
    expect(
      one(db, 'SELECT user_organisation_identifier FROM portal_user WHERE user_id = ?', f.userWithManyTakes.userId),
    ).toBe(f.userWithManyTakes.identifier);
    expect(one(db, 'SELECT COUNT(*) FROM user_grp WHERE user_grp_user_id = ?', f.userWithoutGroups.userId)).toBe(0);
    expect(one(db, 'SELECT product_type_id FROM product WHERE product_id = ?', f.bundleProductId)).toBe('bundle');
    expect(one(db, 'SELECT product_type_id FROM product WHERE product_id = ?', f.eventProductId)).toBe('event');
    expect(one(db, 'SELECT grp_external_id FROM grp WHERE grp_id = ?', f.groupWithSpecialExternalId.grpId)).toBe(
      f.groupWithSpecialExternalId.externalId,
    );
    expect(one(db, 'SELECT grp_external_id FROM grp WHERE grp_id = ?', f.groupWithNullExternalId)).toBeNull();
    expect(one(db, 'SELECT org_id FROM portal_user WHERE user_id = ?', demoFacts.org2.userId)).toBe(2);
    expect(one(db, 'SELECT org_id FROM grp WHERE grp_id = ?', demoFacts.org2.groupId)).toBe(2);
    expect(one(db, 'SELECT org_id FROM take WHERE take_id = ?', demoFacts.org2.takeId)).toBe(2);
    for (const id of f.specialIdentifiers)
      expect(one(db, 'SELECT COUNT(*) FROM portal_user WHERE user_organisation_identifier = ?', id)).toBe(1);
  });

  it('has a group tree at least 5 levels deep, with a deepest group as the facts say', () => {
    const depth = one<number>(
      db,
      `WITH RECURSIVE d(id, depth) AS (SELECT grp_id, 1 FROM grp WHERE grp_parent_id IS NULL
       UNION ALL SELECT g.grp_id, d.depth + 1 FROM grp g JOIN d ON g.grp_parent_id = d.id) SELECT MAX(depth) FROM d`,
    );
    expect(depth).toBeGreaterThanOrEqual(5);
    expect(depth).toBe(demoFacts.org1.deepestGroupDepth);
    // Parents always belong to the same organisation.
    expect(
      one(db, 'SELECT COUNT(*) FROM grp c JOIN grp p ON p.grp_id = c.grp_parent_id WHERE p.org_id <> c.org_id'),
    ).toBe(0);
  });

  it('has no duplicate memberships, and group admins', () => {
    expect(
      one(
        db,
        'SELECT COUNT(*) FROM (SELECT 1 FROM user_grp GROUP BY user_grp_grp_id, user_grp_user_id HAVING COUNT(*) > 1)',
      ),
    ).toBe(0);
    expect(one<number>(db, 'SELECT COUNT(*) FROM user_grp WHERE user_grp_group_admin = 1')).toBeGreaterThan(10);
    expect(
      one(db, 'SELECT COUNT(*) FROM user_grp m JOIN grp g ON g.grp_id = m.user_grp_grp_id WHERE g.org_id <> m.org_id'),
    ).toBe(0);
  });

  it('has products of every type, event fields on events only, HTML descriptions', () => {
    expect(db.prepare('SELECT DISTINCT product_type_id FROM product ORDER BY 1').pluck().all()).toEqual([
      'bundle',
      'classroom',
      'elearning',
      'event',
    ]);
    expect(
      one(
        db,
        "SELECT COUNT(*) FROM product WHERE product_type_id <> 'event' AND (product_event_date IS NOT NULL OR product_event_type IS NOT NULL)",
      ),
    ).toBe(0);
    expect(one(db, "SELECT COUNT(*) FROM product WHERE product_type_id = 'event' AND product_event_date IS NULL")).toBe(
      0,
    );
    expect(
      one(db, "SELECT COUNT(*) FROM product WHERE product_i18n_description NOT LIKE '<p>%<ul><li>%<strong>%<a href=%'"),
    ).toBe(0);
    expect(db.prepare('SELECT DISTINCT product_i18n_language_id FROM product ORDER BY 1').pluck().all()).toEqual([
      'en',
      'fr',
    ]);
  });

  it('has takes in progress and completed, and availability groups for most products', () => {
    expect(
      one<number>(db, 'SELECT COUNT(*) FROM take WHERE take_completed_date IS NULL AND take_score IS NULL'),
    ).toBeGreaterThan(100);
    expect(
      one<number>(
        db,
        'SELECT COUNT(*) FROM take WHERE take_completed_date IS NOT NULL AND take_score BETWEEN 0 AND 100',
      ),
    ).toBeGreaterThan(100);
    expect(
      one<number>(db, 'SELECT COUNT(DISTINCT availability_group_product_id) FROM availability_group'),
    ).toBeGreaterThan(28);
    expect(
      one<number>(
        db,
        "SELECT COUNT(*) FROM product_access a JOIN product p ON p.product_id = a.product_access_product_id WHERE p.product_type_id = 'bundle'",
      ),
    ).toBeGreaterThan(50);
  });

  it('writes only records that the shared schemas accept, with portal timestamps', () => {
    const parse = (sql: string, schema: { parse: (v: unknown) => unknown }) => {
      for (const row of db.prepare(sql).all() as Record<string, unknown>[]) {
        const { org_id: _org, ...record } = row;
        schema.parse(record);
        for (const [k, v] of Object.entries(record)) {
          if (k.endsWith('_date') && v !== null) expect(v, k).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        }
      }
    };
    parse('SELECT * FROM grp', grpSchema);
    parse('SELECT * FROM user_grp', userGrpSchema);
    parse('SELECT * FROM take', takeSchema);
    parse('SELECT * FROM product', productSchema);
    parse('SELECT * FROM availability_group', availabilityGroupSchema);
    parse('SELECT * FROM product_access', productAccessSchema);
  });

  it('has realistic people: accents, unique identifiers and e-mails per organisation', () => {
    expect(
      one<number>(
        db,
        "SELECT COUNT(*) FROM portal_user WHERE firstname GLOB '*[éèëïôç]*' OR lastname GLOB '*[éèëïôç]*'",
      ),
    ).toBeGreaterThan(10);
    expect(one(db, 'SELECT COUNT(*) FROM (SELECT 1 FROM portal_user GROUP BY org_id, email HAVING COUNT(*) > 1)')).toBe(
      0,
    );
    expect(one(db, "SELECT COUNT(*) FROM portal_user WHERE email NOT GLOB '[a-z]*@*.*'")).toBe(0);
  });
});

// About 15-40 s: run with PORTAL_LARGE_TEST=1 (the benchmark checks the same on every run).
describe.runIf(process.env.PORTAL_LARGE_TEST === '1')('large seed', () => {
  it('has the sizes of the issue and matches largeFacts, in under 60 s', () => {
    const db = openDatabase(':memory:');
    const started = performance.now();
    seedDatabase(db, 'large');
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(one<number>(db, 'SELECT COUNT(*) FROM portal_user')).toBeGreaterThanOrEqual(100_000);
    expect(one<number>(db, 'SELECT COUNT(*) FROM grp')).toBeGreaterThanOrEqual(10_000);
    expect(one<number>(db, 'SELECT COUNT(*) FROM product')).toBeGreaterThanOrEqual(1_000);
    expect(one<number>(db, 'SELECT COUNT(*) FROM take')).toBeGreaterThanOrEqual(500_000);
    expect(one<number>(db, 'SELECT COUNT(*) FROM user_grp')).toBeGreaterThanOrEqual(300_000);
    const f = largeFacts.org1;
    expect(one(db, 'SELECT COUNT(*) FROM grp WHERE grp_parent_id = ?', f.bigParentGroupId)).toBe(f.bigParentChildren);
    expect(f.bigParentChildren).toBeGreaterThanOrEqual(2_000);
    expect(one(db, 'SELECT COUNT(*) FROM take WHERE take_user_id = ?', f.userWithManyTakes.userId)).toBe(
      f.userWithManyTakes.takes,
    );
    expect(f.userWithManyTakes.takes).toBeGreaterThanOrEqual(200);
    expect(one(db, 'SELECT grp_name FROM grp WHERE grp_id = ?', f.deepestGroupId)).toBe(f.deepestGroupName);
    expect(one(db, 'SELECT product_type_id FROM product WHERE product_id = ?', f.bundleProductId)).toBe('bundle');
    expect(
      one(
        db,
        'SELECT COUNT(*) FROM (SELECT 1 FROM user_grp GROUP BY user_grp_grp_id, user_grp_user_id HAVING COUNT(*) > 1)',
      ),
    ).toBe(0);
  }, 120_000);
});
