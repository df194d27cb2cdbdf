// Prepared INSERTs of full records (every column named), shared by the seeds and the fixture
// loader. Column lists come from the resource whitelists, never from input.
import type { Database, Statement } from 'better-sqlite3';
import { productFieldNames } from '#schemas/product.ts';
import {
  availabilityGroupResource,
  grpResource,
  productAccessResource,
  takeResource,
  userGrpResource,
  type Resource,
} from '../db/resources.ts';

export const userColumns = [
  'user_id',
  'email',
  'firstname',
  'lastname',
  'user_organisation_identifier',
  'properties',
  'user_created_date',
  'user_updated_date',
] as const;

export type Row = Record<string, unknown>;

function insert(db: Database, table: string, columns: readonly string[]): Statement {
  const all = ['org_id', ...columns];
  return db.prepare(`INSERT INTO ${table} (${all.join(', ')}) VALUES (${all.map((c) => `@${c}`).join(', ')})`);
}

const columnsOf = (r: Resource) => [...r.columns.keys()];

export interface Writers {
  organisation: (row: { org_id: number; org_name: string; product_properties: string[] }) => void;
  grp: Statement;
  user: Statement;
  userGrp: Statement;
  product: Statement;
  take: Statement;
  availabilityGroup: Statement;
  productAccess: Statement;
}

export function createWriters(db: Database): Writers {
  const org = db.prepare(
    'INSERT INTO organisation (org_id, org_name, product_properties) VALUES (?, ?, ?) ON CONFLICT (org_id) DO NOTHING',
  );
  return {
    organisation: (r) => org.run(r.org_id, r.org_name, JSON.stringify(r.product_properties)),
    grp: insert(db, 'grp', columnsOf(grpResource)),
    user: insert(db, 'portal_user', userColumns),
    userGrp: insert(db, 'user_grp', columnsOf(userGrpResource)),
    product: insert(db, 'product', productFieldNames),
    take: insert(db, 'take', columnsOf(takeResource)),
    availabilityGroup: insert(db, 'availability_group', columnsOf(availabilityGroupResource)),
    productAccess: insert(db, 'product_access', columnsOf(productAccessResource)),
  };
}
