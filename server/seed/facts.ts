// Where the "interesting" records of each seed are, for tests and benchmarks. Computed from
// the plans (ids follow insertion order); server/seed/facts.test.ts checks them on real data.
import { layout, type SeedPlan, demoPlan, largePlan } from './plan.ts';

function factsOf(plan: SeedPlan) {
  const [o1, o2] = plan.orgs as [SeedPlan['orgs'][number], SeedPlan['orgs'][number]];
  const [l1, l2] = layout(plan) as [ReturnType<typeof layout>[number], ReturnType<typeof layout>[number]];
  return {
    org1: {
      orgId: o1.orgId,
      rootGroupId: l1.firstGroupId,
      /** Deepest group of the tree; its ancestors are ids rootGroupId .. deepestGroupId - 1. */
      deepestGroupId: l1.firstGroupId + o1.chain.length - 1,
      deepestGroupDepth: o1.chain.length,
      deepestGroupName: o1.chain.join('-'),
      /** The group with the most direct children (bigParentChildren of them). */
      bigParentGroupId: o1.bigParentChildren > 0 ? l1.firstGroupId + o1.chain.length : null,
      bigParentChildren: o1.bigParentChildren,
      /** A group whose grp_external_id needs path encoding, and one whose external id is null. */
      groupWithSpecialExternalId: { grpId: l1.firstGroupId + 1, externalId: 'FR/IDF 75%' },
      groupWithNullExternalId: l1.firstGroupId + 2,
      /** User with many takes: admin of the deepest group, member of the root group. */
      userWithManyTakes: {
        userId: l1.firstUserId,
        identifier: o1.specialUsers[0]?.identifier ?? '',
        takes: o1.manyTakes,
        firstTakeId: l1.firstTakeId,
      },
      /** A user in no group. */
      userWithoutGroups: { userId: l1.firstUserId + 1, identifier: o1.specialUsers[1]?.identifier ?? '' },
      /** Organisation identifiers that need path encoding (user ids firstUserId, +1, ...). */
      specialIdentifiers: o1.specialUsers.map((u) => u.identifier),
      /** Product ids cycle elearning, event, classroom, bundle from the first one. */
      elearningProductId: l1.firstProductId,
      eventProductId: l1.firstProductId + 1,
      classroomProductId: l1.firstProductId + 2,
      bundleProductId: l1.firstProductId + 3,
      /** The first product has exactly three availability groups (ids 1..3). */
      productWithAvailabilityGroups: l1.firstProductId,
      counts: {
        users: o1.users,
        groups: o1.groups,
        products: o1.products,
        takes: o1.takes,
        memberships: o1.memberships,
      },
    },
    org2: {
      orgId: o2.orgId,
      groupId: l2.firstGroupId,
      userId: l2.firstUserId,
      userIdentifier: o2.specialUsers[0]?.identifier ?? '',
      productId: l2.firstProductId,
      takeId: l2.firstTakeId,
      membershipId: l2.firstMembershipId,
      counts: {
        users: o2.users,
        groups: o2.groups,
        products: o2.products,
        takes: o2.takes,
        memberships: o2.memberships,
      },
    },
  };
}

type SeedFacts = ReturnType<typeof factsOf>;
export const demoFacts: SeedFacts = factsOf(demoPlan);
export const largeFacts: SeedFacts = factsOf(largePlan);
