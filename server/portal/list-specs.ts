// The SQL shape of each list endpoint, in one place so that the routes run them and the query
// plan test and the benchmark can EXPLAIN exactly the same statements.
import {
  availabilityGroupResource,
  grpResource,
  productAccessResource,
  selectList,
  takeResource,
  userGrpResource,
  type Resource,
} from '../db/resources.ts';
import type { ListSpec } from './list-query.ts';

export interface ListEndpoint {
  path: string;
  /** The resource whose fields `criterias` may name (null: criterias ignored). */
  filterable: Resource | null;
  defaultLimit: number;
  spec: (orgId: number, pathId: number) => ListSpec;
}

/** The indexes of server/db/schema-v1.ts: (org_id) and (org_id, column) for these columns, plus the primary key. */
const indexed: Record<string, { name: string; indexedColumns: string[] }> = {
  grp: { name: 'grp_org', indexedColumns: ['grp_id', 'grp_parent_id', 'grp_external_id', 'grp_name'] },
  user_grp: { name: 'user_grp_org', indexedColumns: ['user_grp_id', 'user_grp_grp_id', 'user_grp_user_id'] },
  availability_group: {
    name: 'availability_group_org',
    indexedColumns: ['availability_group_id', 'availability_group_product_id'],
  },
  product_access: {
    name: 'product_access_org',
    indexedColumns: ['product_access_id', 'product_access_product_id', 'product_access_user_id'],
  },
};

const simple =
  (res: Resource, alias: string) =>
  (orgId: number): ListSpec => ({
    select: selectList(res, alias),
    from: `${res.table} ${alias}`,
    alias,
    where: [`${alias}.org_id = ?`],
    params: [orgId],
    // "org_id, pk" sorts as "pk" (org_id is fixed by the WHERE) but lets SQLite see that the
    // (org_id) index already yields that order; with bound parameters it would otherwise walk
    // the whole table in rowid order, which is slow for a small organisation.
    orderBy: `${alias}.org_id, ${alias}.${res.primaryKey}`,
    orgIndex: indexed[res.table],
  });

export const grpList: ListEndpoint = {
  path: '/grp/get_all',
  filterable: grpResource,
  defaultLimit: 10,
  spec: simple(grpResource, 'g'),
};

export const userGrpList: ListEndpoint = {
  path: '/user_grp/get_all',
  filterable: userGrpResource,
  defaultLimit: 10,
  spec: simple(userGrpResource, 'ug'),
};

export const availabilityGroupList: ListEndpoint = {
  path: '/availability_group/get_all',
  filterable: availabilityGroupResource,
  defaultLimit: 10,
  spec: simple(availabilityGroupResource, 'a'),
};

export const takesOfUserList: ListEndpoint = {
  path: '/take/get_all_for_user/{user_id}',
  filterable: takeResource,
  defaultLimit: 10,
  spec: (orgId, userId) => ({
    ...simple(takeResource, 't')(orgId),
    where: ['t.org_id = ?', 't.take_user_id = ?'],
    params: [orgId, userId],
  }),
};

export const bundleAccessList: ListEndpoint = {
  path: '/product_access/get_all_for_bundle',
  filterable: productAccessResource,
  defaultLimit: 10,
  spec: (orgId) => ({
    ...simple(productAccessResource, 'pa')(orgId),
    // IN (subquery) rather than a join, and "+" so that the IN does not pick the index: SQLite
    // then walks product_access in id order and stops after one page, instead of collecting
    // and sorting every bundle access first (14 ms on the large seed, against 0.1 ms).
    where: [
      'pa.org_id = ?',
      "+pa.product_access_product_id IN (SELECT p.product_id FROM product p WHERE p.org_id = ? AND p.product_type_id = 'bundle')",
    ],
    params: [orgId, orgId],
  }),
};

export const groupsOfUserList: ListEndpoint = {
  path: '/user/grp/{id}',
  filterable: null,
  defaultLimit: 20,
  spec: (orgId, userId) => ({
    select: selectList(grpResource, 'g'),
    from: 'user_grp ug JOIN grp g ON g.grp_id = ug.user_grp_grp_id',
    alias: 'g',
    where: ['ug.org_id = ?', 'ug.user_grp_user_id = ?', 'g.org_id = ?'],
    params: [orgId, userId, orgId],
    orderBy: 'g.grp_id',
  }),
};

export const listEndpoints = [
  grpList,
  userGrpList,
  availabilityGroupList,
  takesOfUserList,
  bundleAccessList,
  groupsOfUserList,
];
