// A fixture loaded at every start on a database that persists (issue: the second start refused
// with "id 1 already exists", so a supervised server crash-looped; records without ids came
// back once per start). Three starts give one copy; a changed fixture stops the start and
// names the record.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { portalCli } from '../test/portal-cli.ts';
import { openEmbeddedPortal } from '../web/embedded-portal.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'lp-fixture-restarts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The shipped example, plus records without ids (a group, a user, a take). */
const fixture = join(dir, 'fixture.json');
const example = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'example.json'), 'utf8')) as Record<
  string,
  unknown[]
>;
writeFileSync(
  fixture,
  JSON.stringify({
    ...example,
    grp: [...(example.grp ?? []), { grp_name: 'without-id', grp_parent_id: 1 }],
    user: [...(example.user ?? []), { user_organisation_identifier: 'without-id', email: 'no-id@example.com' }],
    take: [...(example.take ?? []), { take_product_id: 1, take_user_id: 2, take_score: 80 }],
  }),
);

const tables = [
  'organisation',
  'apikey',
  'grp',
  'portal_user',
  'user_grp',
  'product',
  'take',
  'availability_group',
  'product_access',
];
function counts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  const result = Object.fromEntries(
    tables.map((t) => [t, db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get() as number]),
  );
  db.close();
  return result;
}
const oneCopy = {
  organisation: 2,
  apikey: 2,
  grp: 5,
  portal_user: 4,
  user_grp: 1,
  product: 2,
  take: 2,
  availability_group: 1,
  product_access: 1,
};

/** `npm run portal -- --fixture` on a file: resolves with its output once it listens (then stops it), or when it exits. */
async function startCli(
  db: string,
  fixtureFile: string,
): Promise<{ listened: boolean; code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [...(await portalCli()), '--port', '0', '--db', db, '--fixture', fixtureFile, '--quiet'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let listened = false;
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!listened && /listening on/.test(output)) {
        listened = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ listened, code, output }));
  });
}

describe('npm run portal -- --fixture, restarted on the same database', () => {
  it('starts three times and holds one copy; a changed record then stops the start, named', async () => {
    const db = join(dir, 'cli.db');
    const runs = [await startCli(db, fixture), await startCli(db, fixture), await startCli(db, fixture)];
    expect(runs.map((r) => r.listened)).toEqual([true, true, true]);
    expect(runs[0]?.output).toMatch(/Loaded fixture .*: 16 records added, 0 already there/);
    expect(runs[2]?.output).toMatch(/Loaded fixture .*: 0 records added, 16 already there/);
    expect(counts(db)).toEqual(oneCopy);

    const changed = join(dir, 'changed.json');
    const doc = JSON.parse(readFileSync(fixture, 'utf8')) as { grp: Record<string, unknown>[] };
    (doc.grp[0] as Record<string, unknown>).grp_name = 'renamed';
    writeFileSync(changed, JSON.stringify(doc));
    const refused = await startCli(db, changed);
    expect(refused.listened).toBe(false);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /grp\[0\]\.grp_id: id 1 already exists in the database with other values \(grp_name "root" in the database, "renamed" in the fixture\)/,
    );
    expect(counts(db)).toEqual(oneCopy);
  }, 90_000);
});

describe('PORTAL_FIXTURE of npm start, restarted on the same database', () => {
  it('opens three times and holds one copy, the fixture tokens working each time', async () => {
    const db = join(dir, 'embedded.db');
    for (let start = 0; start < 3; start++) {
      const portal = openEmbeddedPortal({ PORTAL_DB: db, PORTAL_SEED: 'none', PORTAL_FIXTURE: fixture });
      const res = await portal.app.request('/token/validate', { headers: { authorization: 'fixture-token-org-1' } });
      expect(res.status).toBe(200);
      portal.db.close();
    }
    expect(counts(db)).toEqual(oneCopy);
  });

  it('also on top of the demo seed, with the API keys fixture of the e2e server', () => {
    const db = join(dir, 'seeded.db');
    const keys = join(root, 'e2e', 'fixtures', 'api-keys.json');
    for (let start = 0; start < 3; start++)
      openEmbeddedPortal({ PORTAL_DB: db, PORTAL_SEED: 'demo', PORTAL_FIXTURE: keys }).db.close();
    // The seed's two random keys and the fixture's two.
    expect(counts(db).apikey).toBe(4);
  });
});
