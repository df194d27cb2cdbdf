import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createPortalApp } from '../portal/app.ts';
import { loadFixture } from './fixture.ts';
import { seedDatabase } from './seed.ts';

const example = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'example.json'), 'utf8')) as Record<
  string,
  unknown[]
>;
const copy = () => structuredClone(example);

function loaded(json: unknown = example): Database {
  const db = openDatabase(':memory:');
  loadFixture(db, json);
  return db;
}

const count = (db: Database, table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

async function get(db: Database, path: string, token: string, body?: unknown) {
  const app = createPortalApp(db);
  const res = await app.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { result: Record<string, unknown> & { groups?: string[] }; total?: number },
  };
}

describe('loadFixture', () => {
  it('loads every collection, with its tokens, and the API serves it', async () => {
    const db = loaded();
    expect(count(db, 'grp')).toBe(4);
    expect(count(db, 'portal_user')).toBe(3);
    const user = await get(
      db,
      `/user/get_by_organisation_identifier/${encodeURIComponent('zoé/1')}`,
      'fixture-token-org-1',
    );
    expect(user.status).toBe(200);
    expect(user.body.result.groups).toEqual(['root-child']);
    expect(user.body.result.properties).toEqual({ department: 'Ventes' });
    const product = await get(db, '/product/get/1', 'fixture-token-org-1');
    expect(product.body.result).toMatchObject({
      product_type_id: 'bundle',
      product_price: 10.5,
      product_event_date: null,
    });
    expect((await get(db, '/product_access/get_all_for_bundle', 'fixture-token-org-1', {})).body.total).toBe(1);
    expect((await get(db, '/product/definition', 'fixture-token-org-1')).body.result.properties).toEqual([
      'internal_code',
    ]);
    expect((await get(db, '/grp/get_all', 'fixture-token-org-2', {})).body.total).toBe(1);
  });

  it('fills left-out fields with defaults: org 1, now for created/updated, null elsewhere', async () => {
    const db = loaded();
    const g = (await get(db, '/grp/get_with_children/3', 'fixture-token-org-1')).body.result;
    expect(g).toMatchObject({ grp_parent_id: 0, grp_description: null, grp_external_id: null });
    expect(Math.abs(Date.parse(g.grp_created_date as string) - Date.now())).toBeLessThan(5_000);
    const take = (await get(db, '/take/get/1', 'fixture-token-org-1')).body.result;
    expect(take).toMatchObject({ take_score: null, take_completed_date: null, take_started_date: null });
    const m = (await get(db, '/user_grp/get_all', 'fixture-token-org-1', {})).body.result as unknown as {
      user_grp_group_admin: number;
    }[];
    expect(m[0]?.user_grp_group_admin).toBe(1);
  });

  it("turns a user's groups (grp_name) into memberships, next to user_grp", async () => {
    const doc = copy();
    (doc.user?.[1] as Record<string, unknown>).groups = ['root', 'root-child'];
    (doc.user?.[0] as Record<string, unknown>).groups = ['root-child'];
    const db = loaded(doc);
    const u2 = await get(db, '/user/get_by_organisation_identifier/u2', 'fixture-token-org-1');
    expect(u2.body.result.groups).toEqual(['root', 'root-child']);
    expect(count(db, 'user_grp')).toBe(3);
  });

  it('makes a token with a past expired_date answer 401', async () => {
    const db = loaded();
    expect((await get(db, '/token/validate', 'fixture-token-expired')).status).toBe(401);
    expect((await get(db, '/token/validate', 'fixture-token-org-2')).body.result).toBeTruthy();
  });

  it('loads on top of a seed when ids do not collide', () => {
    const db = openDatabase(':memory:');
    seedDatabase(db, 'demo');
    loadFixture(db, { grp: [{ grp_name: 'extra' }], user: [{ user_organisation_identifier: 'extra-user' }] });
    expect(count(db, 'grp')).toBe(81);
  });
});

describe('loadFixture errors', () => {
  const rejects = (mutate: (doc: Record<string, unknown[]>) => unknown, message: RegExp) => {
    const db = openDatabase(':memory:');
    const doc = copy();
    const replaced = mutate(doc);
    const json = replaced === undefined ? doc : replaced;
    expect(() => loadFixture(db, json)).toThrow(message);
    // Nothing at all was written.
    for (const t of ['organisation', 'apikey', 'token', 'grp', 'portal_user', 'user_grp', 'product', 'take'])
      expect(count(db, t), t).toBe(0);
  };

  it('names the record and the field of a wrong type', () => {
    rejects((d) => {
      (d.user?.[1] as Record<string, unknown>).email = 42;
    }, /user\[1\]\.email: expected string, got number/);
    rejects((d) => {
      (d.grp?.[0] as Record<string, unknown>).grp_parent_id = '1';
    }, /grp\[0\]\.grp_parent_id/);
    rejects((d) => {
      (d.product?.[1] as Record<string, unknown>).product_event_date = 'next tuesday';
    }, /product\[1\]\.product_event_date: expected a timestamp/);
    rejects((d) => {
      (d.tokens?.[0] as Record<string, unknown>).org_id = 0;
    }, /tokens\[0\]\.org_id/);
  });

  it('names unknown fields, unknown collections and missing required fields', () => {
    rejects((d) => {
      (d.grp?.[2] as Record<string, unknown>).grp_nmae = 'typo';
    }, /grp\[2\]: unknown field "grp_nmae"/);
    rejects((d) => {
      d.users = [];
    }, /"users": unknown collection/);
    rejects((d) => {
      delete (d.user_grp?.[0] as Record<string, unknown>).user_grp_user_id;
    }, /user_grp\[0\]\.user_grp_user_id: is missing/);
    rejects((d) => {
      d.take = {} as unknown as unknown[];
    }, /"take": must be an array/);
    rejects(() => [], /must be a JSON object/);
    rejects(() => null, /must be a JSON object/);
  });

  it('rejects duplicate memberships, unknown or cross-organisation references, duplicate ids and identifiers', () => {
    rejects((d) => {
      d.user_grp?.push({ user_grp_grp_id: 2, user_grp_user_id: 1 });
    }, /user_grp\[1\]: duplicate membership of user 1 in group 2/);
    rejects((d) => {
      d.user_grp?.push({ user_grp_grp_id: 99, user_grp_user_id: 1 });
    }, /user_grp\[1\]\.user_grp_grp_id: group 99 does not exist/);
    rejects((d) => {
      d.user_grp?.push({ user_grp_grp_id: 10, user_grp_user_id: 1 });
    }, /user_grp\[1\]\.user_grp_grp_id: group 10 does not exist in organisation 1/);
    rejects((d) => {
      d.grp?.push({ grp_id: 2, grp_name: 'again' });
    }, /grp\[4\]\.grp_id: duplicate id 2/);
    rejects((d) => {
      (d.user?.[1] as Record<string, unknown>).groups = ['root', 'nope'];
    }, /user\[1\]\.groups\[1\]: no group named "nope"/);
    rejects((d) => {
      (d.user?.[2] as Record<string, unknown>).groups = ['root'];
    }, /user\[2\]\.groups\[0\]: no group named "root" in organisation 2/);
    rejects((d) => {
      d.user?.push({ user_organisation_identifier: 'u2' });
    }, /user\[3\]\.user_organisation_identifier: "u2" is also the identifier of user\[1\]/);
  });

  it('rejects ids that already exist in the database with other values, loading nothing', () => {
    const db = loaded();
    const before = count(db, 'grp');
    expect(() => loadFixture(db, { grp: [{ grp_id: 50 }, { grp_id: 1 }] })).toThrow(
      /grp\[1\]\.grp_id: id 1 already exists in the database with other values \(grp_name "root" in the database, "group-1" in the fixture, grp_external_id "EXT-1" in the database, null in the fixture\)/,
    );
    expect(count(db, 'grp')).toBe(before);
  });
});

describe('loading a fixture again (PORTAL_FIXTURE at every start)', () => {
  const tables = [
    'organisation',
    'apikey',
    'token',
    'grp',
    'portal_user',
    'user_grp',
    'product',
    'take',
    'availability_group',
    'product_access',
  ];
  const counts = (db: Database) => tables.map((t) => `${t} ${count(db, t)}`);

  it('skips the records already present and identical: the example loads three times into one copy', async () => {
    const db = openDatabase(':memory:');
    const first = loadFixture(db, example);
    const once = counts(db);
    const second = loadFixture(db, example);
    loadFixture(db, example);
    expect(counts(db)).toEqual(once);
    expect(first.alreadyPresent).toBe(0);
    expect(second).toEqual({ added: 0, alreadyPresent: first.added });
    expect((await get(db, '/token/validate', 'fixture-token-org-1')).status).toBe(200);
  });

  it('matches records without ids by their fields: three loads, one copy; two equal records stay two', () => {
    const db = openDatabase(':memory:');
    const doc = {
      grp: [{ grp_name: 'no-id' }, { grp_name: 'twice' }, { grp_name: 'twice' }],
      user: [{ user_organisation_identifier: 'no-id-user', email: 'a@example.com' }],
      take: [{ take_product_id: 1, take_user_id: 1, take_score: 5 }],
    };
    for (let i = 0; i < 3; i++) loadFixture(db, doc);
    expect(db.prepare('SELECT grp_name FROM grp ORDER BY grp_id').pluck().all()).toEqual(['no-id', 'twice', 'twice']);
    expect(count(db, 'portal_user')).toBe(1);
    expect(count(db, 'take')).toBe(1);
    // A record that differs in any field is another record.
    loadFixture(db, { take: [{ take_product_id: 1, take_user_id: 1, take_score: 6 }] });
    expect(count(db, 'take')).toBe(2);
  });

  it('names every record present with other values, and loads nothing', () => {
    const db = loaded();
    const snapshot = counts(db);
    const doc = copy();
    (doc.grp?.[1] as Record<string, unknown>).grp_name = 'renamed';
    (doc.user_grp?.[0] as Record<string, unknown>).user_grp_group_admin = 0;
    (doc.tokens?.[0] as Record<string, unknown>).org_id = 2;
    doc.grp?.push({ grp_name: 'new-one' });
    let message = '';
    try {
      loadFixture(db, doc);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(
      /grp\[1\]\.grp_id: id 2 already exists in the database with other values \(grp_name "root-child" in the database, "renamed" in the fixture\)/,
    );
    expect(message).toMatch(/user_grp\[0\]: user 1 is already a member of group 2, with other values/);
    expect(message).toMatch(/tokens\[0\]\.token: the token belongs to organisation 1, not 2/);
    expect(counts(db)).toEqual(snapshot);
  });

  it('refreshes the lifetime of a token without expired_date at each load', () => {
    const db = loaded();
    const expiry = () => db.prepare('SELECT MAX(expires_at) FROM token').pluck().get() as number;
    db.prepare('UPDATE token SET expires_at = expires_at - 3600000').run();
    const before = expiry();
    loadFixture(db, example);
    expect(expiry()).toBeGreaterThan(before);
  });

  it('accepts known API keys (apikeys), stored as digests, and refuses one of another organisation', async () => {
    const db = openDatabase(':memory:');
    loadFixture(db, { apikeys: [{ apikey: 'known-key-of-org-2', org_id: 2 }] });
    loadFixture(db, { apikeys: [{ apikey: 'known-key-of-org-2', org_id: 2 }] });
    expect(count(db, 'apikey')).toBe(1);
    expect(JSON.stringify(db.prepare('SELECT * FROM apikey').all())).not.toContain('known-key-of-org-2');
    const app = createPortalApp(db);
    const r = await app.request('/token', { method: 'POST', body: JSON.stringify({ apikey: 'known-key-of-org-2' }) });
    expect(r.status).toBe(200);
    expect(() => loadFixture(db, { apikeys: [{ apikey: 'known-key-of-org-2' }] })).toThrow(
      /apikeys\[0\]\.apikey: the API key belongs to organisation 2, not 1/,
    );
  });
});
