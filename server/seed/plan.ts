// What a seed contains, per organisation, and where its "interesting" records land. Ids are
// assigned in insertion order, so the facts below are known before a row is written.

export interface OrgPlan {
  orgId: number;
  name: string;
  domains: string[];
  productProperties: string[];
  users: number;
  groups: number;
  products: number;
  takes: number;
  memberships: number;
  productAccess: number;
  /** Takes of the first user (the "user with many takes"). */
  manyTakes: number;
  /** Segments of the first groups: a chain root > child > ... as deep as this list is long. */
  chain: string[];
  /** Direct children of one extra root group (0: no such group). */
  bigParentChildren: number;
  /** The first users get these organisation identifiers (path-encoding cases). */
  specialUsers: { identifier: string; firstname: string; lastname: string }[];
}

export interface SeedPlan {
  seed: number;
  orgs: OrgPlan[];
}

export interface OrgLayout {
  firstGroupId: number;
  firstUserId: number;
  firstProductId: number;
  firstTakeId: number;
  firstMembershipId: number;
}

/** First id of each table for each organisation (organisations are written one after another). */
export function layout(plan: SeedPlan): OrgLayout[] {
  const next = { g: 1, u: 1, p: 1, t: 1, m: 1 };
  return plan.orgs.map((o) => {
    const l = {
      firstGroupId: next.g,
      firstUserId: next.u,
      firstProductId: next.p,
      firstTakeId: next.t,
      firstMembershipId: next.m,
    };
    next.g += o.groups;
    next.u += o.users;
    next.p += o.products;
    next.t += o.takes;
    next.m += o.memberships;
    return l;
  });
}

export const productTypes = ['elearning', 'event', 'classroom', 'bundle'] as const;

const specialUsers = [
  { identifier: 'élodie.martin', firstname: 'Élodie', lastname: 'Martin' },
  { identifier: 'jean dupont', firstname: 'Jean', lastname: 'Dupont' },
  { identifier: 'ext/4521', firstname: 'Siobhan', lastname: "O'Brien" },
  { identifier: '50%-promo', firstname: 'Gaëlle', lastname: 'Lefèvre' },
  { identifier: 'anne-marie+test?x=1#2', firstname: 'Anne-Marie', lastname: 'Côté' },
];

const org1Base = {
  orgId: 1,
  name: 'Acme Formation',
  domains: ['acme-formation.fr', 'acme.co.uk'],
  productProperties: ['internal_code', 'budget_line', 'target_audience'],
  chain: ['sales', 'emea', 'france', 'paris', 'retail', 'juniors'],
  specialUsers,
};

const org2Base = {
  orgId: 2,
  name: 'Globex Learning',
  domains: ['globex.com'],
  productProperties: [],
  chain: ['operations', 'north', 'field'],
  bigParentChildren: 0,
  specialUsers: [{ identifier: 'globex-0001', firstname: 'Hannah', lastname: 'Gagnon' }],
};

export const demoPlan: SeedPlan = {
  seed: 20240601,
  orgs: [
    {
      ...org1Base,
      users: 270,
      groups: 70,
      products: 36,
      takes: 1400,
      memberships: 740,
      productAccess: 140,
      manyTakes: 34,
      bigParentChildren: 12,
    },
    { ...org2Base, users: 30, groups: 10, products: 4, takes: 100, memberships: 60, productAccess: 10, manyTakes: 8 },
  ],
};

export const largePlan: SeedPlan = {
  seed: 20240602,
  orgs: [
    {
      ...org1Base,
      users: 100_000,
      groups: 10_000,
      products: 1_000,
      takes: 500_000,
      memberships: 300_000,
      productAccess: 20_000,
      manyTakes: 240,
      bigParentChildren: 2_500,
    },
    {
      ...org2Base,
      users: 2_000,
      groups: 100,
      products: 20,
      takes: 5_000,
      memberships: 3_000,
      productAccess: 200,
      manyTakes: 20,
    },
  ],
};
