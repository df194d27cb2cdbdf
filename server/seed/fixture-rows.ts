// The rows a fixture's records become: every column of their table, left-out fields filled in
// (organisation 1; "now" for created and updated dates; a default or null elsewhere).
import { productFieldNames } from '#schemas/product.ts';
import { normaliseTimestamp } from '../db/time.ts';
import { fixtureCollections, type CollectionName } from './fixture-schema.ts';
import type { FixtureDocument, FixtureRecord } from './fixture.ts';
import { userColumns, type Row } from './writer.ts';

export interface RecordKind {
  name: CollectionName;
  table: string;
  primaryKey: string;
  columns: readonly string[];
  defaults: (r: FixtureRecord) => Row;
}

const keysOf = (name: CollectionName) =>
  Object.keys((fixtureCollections[name] as unknown as { shape: Record<string, unknown> }).shape).filter(
    (k) => k !== 'org_id',
  );

/** The record collections, in the order they are written (groups and users before memberships). */
const recordKinds: readonly RecordKind[] = [
  {
    name: 'grp',
    table: 'grp',
    primaryKey: 'grp_id',
    columns: keysOf('grp'),
    defaults: (r) => ({ grp_name: `group-${String(r.grp_id ?? 'new')}` }),
  },
  {
    name: 'user',
    table: 'portal_user',
    primaryKey: 'user_id',
    columns: userColumns,
    defaults: () => ({ properties: '{}' }),
  },
  {
    name: 'product',
    table: 'product',
    primaryKey: 'product_id',
    columns: productFieldNames,
    defaults: () => ({ product_type_id: 'elearning', product_status: 'published' }),
  },
  {
    name: 'user_grp',
    table: 'user_grp',
    primaryKey: 'user_grp_id',
    columns: keysOf('user_grp'),
    defaults: () => ({ user_grp_group_admin: 0 }),
  },
  { name: 'take', table: 'take', primaryKey: 'take_id', columns: keysOf('take'), defaults: () => ({}) },
  {
    name: 'availability_group',
    table: 'availability_group',
    primaryKey: 'availability_group_id',
    columns: keysOf('availability_group'),
    defaults: () => ({}),
  },
  {
    name: 'product_access',
    table: 'product_access',
    primaryKey: 'product_access_id',
    columns: keysOf('product_access'),
    defaults: () => ({}),
  },
];

export interface FixtureRow {
  kind: RecordKind;
  /** Position of the record in its collection, for messages: `grp[3]`. */
  index: number;
  record: FixtureRecord;
  /** org_id and every column, as it would be written. */
  row: Row;
  /**
   * What makes it "the same record" as one already present: every column but the created and
   * updated dates the fixture leaves out (they are "now" at each load), and but the id when
   * the fixture gives none.
   */
  compared: string[];
}

export const orgOf = (r: FixtureRecord) => (r.org_id as number | undefined) ?? 1;

export function fixtureRows(doc: FixtureDocument, now: string): FixtureRow[] {
  const rows: FixtureRow[] = [];
  for (const kind of recordKinds) {
    (doc[kind.name] ?? []).forEach((record, index) => {
      const row: Row = { org_id: orgOf(record) };
      const compared = ['org_id'];
      const defaults = kind.defaults(record);
      for (const c of kind.columns) {
        const given = record[c];
        const audit = /_(created|updated)_date$/.test(c);
        if (c === 'properties') row[c] = JSON.stringify(given ?? {});
        else if (c.endsWith('_date'))
          row[c] =
            given === undefined ? (audit ? now : null) : given === null ? null : normaliseTimestamp(given as string);
        else row[c] = given !== undefined ? given : (defaults[c] ?? null);
        const leftOutId = c === kind.primaryKey && given === undefined;
        if (!leftOutId && !(audit && given === undefined)) compared.push(c);
      }
      rows.push({ kind, index, record, row, compared });
    });
  }
  return rows;
}
