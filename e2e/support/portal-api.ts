// The portal API as the specs call it to check what the dashboard did: one function per operation,
// each answer parsed with the dashboard's own zod schemas (src/api/schemas). A spec gets typed
// records without a cast, and an answer that breaks the contract fails where it arrives.
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type * as z from 'zod/mini';
import { availabilityGroupSchema } from '#schemas/availability-group.ts';
import { itemEnvelopeSchema, listEnvelopeSchema, type Criteria, type listRequestSchema } from '#schemas/envelope.ts';
import { grpSchema, grpWithChildrenSchema } from '#schemas/grp.ts';
import { productAccessSchema } from '#schemas/product-access.ts';
import { productSchema } from '#schemas/product.ts';
import { takeSchema } from '#schemas/take.ts';
import { tokenIssueSchema } from '#schemas/token.ts';
import { userGrpSchema } from '#schemas/user-grp.ts';
import { userSchema } from '#schemas/user.ts';

type ListBody = z.input<typeof listRequestSchema>;

/** A list criterion `column = value`, the only operator the portal documents. */
export function equal(column: string, value: string | number): Criteria {
  return { column, operator: 'equal', value: String(value) };
}

/** A failed call says which request and what the portal answered. */
async function parsed<S extends z.ZodMiniType>(what: string, response: APIResponse, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json();
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return schema.parse(body);
}

export function portalApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: token };
  const get = async <S extends z.ZodMiniType>(path: string, schema: S) =>
    parsed(`GET ${path}`, await request.get(`/api${path}`, { headers }), schema);
  const list = async <S extends z.ZodMiniType>(path: string, record: S, body: ListBody) =>
    parsed(`POST ${path}`, await request.post(`/api${path}`, { headers, data: body }), listEnvelopeSchema(record));

  return {
    groups: (body: ListBody = {}) => list('/grp/get_all', grpSchema, body),
    memberships: (criterias: Criteria[], limit = 1000) =>
      list('/user_grp/get_all', userGrpSchema, { start: 0, limit, criterias }),
    /** The user ids of every member of a group (at most 1,000), in ascending order. */
    memberIds: async (grpId: number) =>
      (
        await list('/user_grp/get_all', userGrpSchema, {
          start: 0,
          limit: 1000,
          criterias: [equal('user_grp_grp_id', grpId)],
        })
      ).result
        .map((m) => m.user_grp_user_id)
        .sort((a, b) => a - b),
    /** How many memberships `userId` has in `grpId`: 1 for a member, never more if nothing was added twice. */
    membershipCount: async (grpId: number, userId: number) =>
      (
        await list('/user_grp/get_all', userGrpSchema, {
          start: 0,
          limit: 10,
          criterias: [equal('user_grp_grp_id', grpId), equal('user_grp_user_id', userId)],
        })
      ).total,
    groupWithChildren: async (id: number) =>
      (await get(`/grp/get_with_children/${id}`, itemEnvelopeSchema(grpWithChildrenSchema))).result,
    userGroups: (userId: number) => list(`/user/grp/${userId}`, grpSchema, { start: 0, limit: 20 }),
    takesOfUser: (userId: number) => list(`/take/get_all_for_user/${userId}`, takeSchema, { start: 0, limit: 1000 }),
    take: async (id: number) => (await get(`/take/get/${id}`, itemEnvelopeSchema(takeSchema))).result,
    product: async (id: number) => (await get(`/product/get/${id}`, itemEnvelopeSchema(productSchema))).result,
    availabilityGroups: () => list('/availability_group/get_all', availabilityGroupSchema, { start: 0, limit: 1000 }),
    bundleAccess: (body: ListBody) => list('/product_access/get_all_for_bundle', productAccessSchema, body),
    /** Makes `userId` a member of `grpId` (an existing membership, 409, is fine: a retry finds it made). */
    ensureMembership: async (grpId: number, userId: number, groupAdmin: 0 | 1 = 0) => {
      const data = { user_grp_grp_id: grpId, user_grp_user_id: userId, user_grp_group_admin: groupAdmin };
      const response = await request.post('/api/user_grp/create', { headers, data });
      if (response.status() !== 409) await parsed('POST /user_grp/create', response, itemEnvelopeSchema(userGrpSchema));
    },
    /** The user with this organisation identifier, or null when the portal has none (404). */
    userByIdentifier: async (identifier: string) => {
      const path = `/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`;
      const response = await request.get(`/api${path}`, { headers });
      if (response.status() === 404) return null;
      return (await parsed(`GET ${path}`, response, itemEnvelopeSchema(userSchema))).result;
    },
  };
}

export type PortalApi = ReturnType<typeof portalApi>;

/** A new token from POST /api/token with an API key (no token needed for that call). */
export async function issueToken(request: APIRequestContext, apikey: string): Promise<string> {
  const body = await parsed('POST /token', await request.post('/api/token', { data: { apikey } }), tokenIssueSchema);
  return body.result.token;
}
