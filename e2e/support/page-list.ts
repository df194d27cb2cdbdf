// Every page of the route registry (src/app/route-registry.ts) as the accessibility and phone
// sweeps visit it (e2e/sweep-pages.spec.ts): under each key of the registry, the addresses swept,
// each a record of the demo seed that shows data. The table is keyed by the registry's keys, so a
// routed page without an address is a type error, and scripts/page-sweeps.test.ts fails for it
// (and for an address its route's pattern does not match).
import { routes } from '#lib/paths.ts';
import type { demoFacts } from '../../server/seed/facts.ts';

export type SeedFacts = typeof demoFacts;
export type RouteKey = keyof typeof routes;

export interface PageSample {
  /** Names the page in the sweep's test titles, and its setup in sweep-pages.spec.ts. */
  name: string;
  /** An address of the page on the demo seed, matching the route's pattern. */
  url: (data: SeedFacts) => string;
}

interface RouteSamples {
  /** The registry's `signedOut`: swept without a session, so without the signed-in header. */
  signedOut?: true;
  samples: readonly [PageSample, ...PageSample[]];
}

export const pageSamples = {
  home: { samples: [{ name: 'overview', url: () => '/' }] },
  login: { signedOut: true, samples: [{ name: 'login', url: () => '/login' }] },
  groups: {
    samples: [
      { name: 'groups tree', url: () => '/groups' },
      { name: 'groups table', url: () => '/groups?view=table' },
    ],
  },
  group: { samples: [{ name: 'group', url: (data) => `/groups/${data.org1.rootGroupId}` }] },
  // A group of a few members: its report is gathered in a moment. Read by progress.spec.ts too.
  groupProgress: { samples: [{ name: 'group progress', url: () => '/groups/38/progress' }] },
  users: { samples: [{ name: 'users', url: () => '/users' }] },
  user: { samples: [{ name: 'user', url: (data) => `/users/${data.org1.userWithManyTakes.userId}` }] },
  take: { samples: [{ name: 'take', url: (data) => `/takes/${data.org1.userWithManyTakes.firstTakeId}` }] },
  products: { samples: [{ name: 'products', url: () => '/products' }] },
  product: { samples: [{ name: 'product', url: (data) => `/products/${data.org1.productWithAvailabilityGroups}` }] },
  addMember: { samples: [{ name: 'add member', url: () => '/memberships/new' }] },
  // Group 63 is only ever previewed (memberships-steps.spec.ts, file-read-race.spec.ts).
  importMembers: { samples: [{ name: 'import members', url: () => '/memberships/import?grp=63' }] },
  addPeople: {
    samples: [{ name: 'copy members', url: (data) => `/memberships/add-people?copy=${data.org1.deepestGroupId}` }],
  },
  history: { samples: [{ name: 'history', url: () => '/history' }] },
  addPeopleList: { samples: [{ name: 'add your people list', url: () => '/people/add' }] },
  settings: { samples: [{ name: 'settings', url: () => '/settings' }] },
  jobs: { samples: [{ name: 'jobs', url: () => '/jobs' }] },
  // A job no one has; the English sweep opens a job of its own (sweep-pages.spec.ts).
  job: { samples: [{ name: 'job', url: () => '/jobs/00000000-0000-4000-8000-000000000000' }] },
  // The sweeps run in token mode: the page says how accounts are turned on (e2e/accounts.spec.ts
  // checks the admin's table).
  access: { samples: [{ name: 'access', url: () => '/access' }] },
  // Without a token in the fragment: the page says the link is incomplete (accounts.spec.ts opens a real one).
  invitation: { signedOut: true, samples: [{ name: 'invitation', url: () => '/invitation' }] },
} as const satisfies Record<RouteKey, RouteSamples>;

export interface SweptPage extends PageSample {
  /** The registry's key; none for the router's "no such page". */
  route?: RouteKey;
  /** The route's pattern, for the test titles. */
  pattern: string;
  signedOut: boolean;
}

/** Every address the sweep visits: each sample of each route, then an address no route has. */
export const sweptPages: SweptPage[] = [
  ...(Object.keys(pageSamples) as RouteKey[]).flatMap((route) => {
    const entry: RouteSamples = pageSamples[route];
    return entry.samples.map((sample) => ({
      ...sample,
      route,
      pattern: routes[route],
      signedOut: entry.signedOut === true,
    }));
  }),
  { name: 'page not found', pattern: '*', url: () => '/no/such/page', signedOut: false },
];

export type SweptPageName = (typeof pageSamples)[RouteKey]['samples'][number]['name'] | 'page not found';
