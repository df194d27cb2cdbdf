// Every fetcher of the API layer against the real portal server (demo seed, in-process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from './config.ts';
import {
  fetchAllGroups,
  fetchGroupByExternalId,
  fetchGroups,
  fetchGroupWithChildren,
  findRootGroups,
} from './groups.ts';
import { createMembership, fetchMemberships, findMembership } from './memberships.ts';
import { fetchAvailabilityGroups, fetchBundleAccess, fetchProduct, fetchProductDefinition } from './products.ts';
import { fetchTake, fetchUserTakes } from './takes.ts';
import { demoFacts } from '../../server/seed/facts.ts';
import { startPortal, type RunningPortal } from '../../server/test/portal-servers.ts';
import { requestToken, validateToken } from './token.ts';
import { fetchUserByIdentifier, fetchUserGroups } from './users.ts';

let portal: RunningPortal;
let facts: RunningPortal['facts']['org1'];

beforeAll(async () => {
  portal = await startPortal();
  facts = portal.facts.org1;
  configureApi({ baseUrl: portal.baseUrl, getToken: () => portal.token, timeoutMs: 5_000 });
});
afterAll(() => portal.close());

describe('token', () => {
  it('validates the signed-in token and names its organisation, never the API key', async () => {
    const session = await validateToken();
    expect(session).toMatchObject({ orgId: 1 });
    expect(session.message).toMatch(/valid/);
    expect(JSON.stringify(session)).not.toContain(facts.apikey);
  });

  it('exchanges an API key for a token of its organisation', async () => {
    const issued = await requestToken(portal.facts.org2.apikey);
    expect(issued.expiresAt).toBeTruthy();
    expect(await validateToken(issued.token)).toMatchObject({ orgId: 2 });
  });

  it('an unknown API key is a 401 invalid_apikey that does not end the session', async () => {
    let expired = 0;
    configureApi({ onUnauthorized: () => (expired += 1) });
    await expect(requestToken('no-such-key')).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      code: 'invalid_apikey',
    });
    expect(expired).toBe(0);
    configureApi({ onUnauthorized: () => {} });
  });

  it('checks a token given explicitly instead of the stored one', async () => {
    await expect(validateToken('not-a-token')).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      isUnauthorized: true,
    });
  });
});

describe('groups', () => {
  it('lists one page with the total, filtered by equal criterias', async () => {
    const page = await fetchGroups({ start: 0, limit: 5 });
    expect(page.total).toBe(facts.counts.groups);
    expect(page.result.map((g) => g.grp_id)).toEqual([1, 2, 3, 4, 5]);

    const children = await fetchGroups({
      start: 0,
      limit: 50,
      filters: { grp_parent_id: String(facts.bigParentGroupId) },
    });
    expect(children.total).toBe(facts.bigParentChildren);
    expect(children.result.every((g) => g.grp_parent_id === facts.bigParentGroupId)).toBe(true);
  });

  it('drops empty filters instead of sending criterias that match nothing', async () => {
    const page = await fetchGroups({ start: 0, limit: 1, filters: { grp_name: '' } });
    expect(page.total).toBe(facts.counts.groups);
  });

  it('gets a group with its direct children', async () => {
    const group = await fetchGroupWithChildren(facts.bigParentGroupId ?? 0);
    expect(group.grp_id).toBe(facts.bigParentGroupId);
    expect(group.children).toHaveLength(facts.bigParentChildren);
  });

  it('finds a group by an external id that needs encoding (space, slash, percent)', async () => {
    const { grpId, externalId } = facts.groupWithSpecialExternalId;
    const group = await fetchGroupByExternalId(externalId);
    expect(group).toMatchObject({ grp_id: grpId, grp_external_id: externalId });
  });

  it('walks every group and finds the roots', async () => {
    const groups = await fetchAllGroups();
    expect(groups).toHaveLength(facts.counts.groups);
    expect(findRootGroups(groups).map((g) => g.grp_id)).toContain(facts.rootGroupId);
  });
});

describe('users', () => {
  // Accents, a space, a slash, a percent sign, and +?# (encoded in the path by the API layer).
  it.each(demoFacts.org1.specialIdentifiers)(
    'finds the user whose organisation identifier is %j',
    async (identifier) => {
      const user = await fetchUserByIdentifier(identifier);
      expect(user.user_organisation_identifier).toBe(identifier);
      expect(Array.isArray(user.groups)).toBe(true);
    },
  );

  it('lists the groups of a user, and none for a user without groups', async () => {
    const groups = await fetchUserGroups(facts.userWithManyTakes.userId, { start: 0, limit: 20 });
    expect(groups.total).toBeGreaterThan(0);
    expect(groups.result.map((g) => g.grp_id)).toContain(facts.rootGroupId);
    const none = await fetchUserGroups(facts.userWithoutGroups.userId, { start: 0, limit: 20 });
    expect(none).toMatchObject({ total: 0, result: [] });
  });
});

describe('memberships', () => {
  it('lists memberships and finds one by group and user', async () => {
    const page = await fetchMemberships({ start: 0, limit: 3 });
    expect(page.total).toBe(facts.counts.memberships);
    const first = page.result[0];
    if (!first) throw new Error('the demo seed has memberships');
    const found = await findMembership(first.user_grp_grp_id, first.user_grp_user_id);
    expect(found?.user_grp_id).toBe(first.user_grp_id);
  });

  it('creates a membership, then finds it; none before', async () => {
    const grpId = facts.rootGroupId;
    const userId = facts.userWithoutGroups.userId;
    expect(await findMembership(grpId, userId)).toBeNull();
    const created = await createMembership({
      user_grp_grp_id: grpId,
      user_grp_user_id: userId,
      user_grp_group_admin: 1,
    });
    expect(created).toMatchObject({ user_grp_grp_id: grpId, user_grp_user_id: userId, user_grp_group_admin: 1 });
    expect((await findMembership(grpId, userId))?.user_grp_id).toBe(created.user_grp_id);
    await expect(createMembership({ user_grp_grp_id: grpId, user_grp_user_id: userId })).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      code: 'duplicate_membership',
    });
  });
});

describe('takes', () => {
  it('lists the takes of a user and gets one', async () => {
    const { userId, takes, firstTakeId } = facts.userWithManyTakes;
    const page = await fetchUserTakes(userId, { start: 0, limit: 10 });
    expect(page.total).toBe(takes);
    expect(page.result.every((take) => take.take_user_id === userId)).toBe(true);
    const take = await fetchTake(firstTakeId);
    expect(take).toMatchObject({ take_id: firstTakeId, take_user_id: userId });
  });
});

describe('products', () => {
  it('gets a product with its fields', async () => {
    const product = await fetchProduct(facts.elearningProductId);
    expect(product).toMatchObject({ product_id: facts.elearningProductId, product_type_id: 'elearning' });
  });

  it('gets the product definition with its custom properties', async () => {
    const definition = await fetchProductDefinition();
    expect(definition.product_id).toEqual({ type: 'integer', editable: false });
    expect(Array.isArray(definition.properties)).toBe(true);
  });

  it('lists the availability groups of a product', async () => {
    const page = await fetchAvailabilityGroups({
      start: 0,
      limit: 10,
      filters: { availability_group_product_id: String(facts.productWithAvailabilityGroups) },
    });
    expect(page.total).toBe(3);
    expect(page.result.map((a) => a.availability_group_product_id)).toEqual([1, 1, 1]);
  });

  it('lists the access records of bundles', async () => {
    const page = await fetchBundleAccess({ start: 0, limit: 5 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.result.length).toBeLessThanOrEqual(5);
  });
});
