// Every signed-in page of the dashboard, as the accessibility and phone sweeps visit it
// (e2e/sweep-pages.spec.ts): the route's pattern as the router has it, and an address of the
// page that shows data on the e2e server's demo seed. A page added to the router is added here.
import type { demoFacts } from '../../server/seed/facts.ts';

export type SeedFacts = typeof demoFacts;

export interface ListedPage {
  /** Names the page in the sweep's test titles. */
  name: string;
  /** The route's path pattern (`src/lib/paths.ts`); `*` is the router's "no such page". */
  pattern: string;
  /** An address of the page on the demo seed (a record that exists, with something in it). */
  url: (data: SeedFacts) => string;
}

export const signedInPages = [
  { name: 'overview', pattern: '/', url: () => '/' },
  { name: 'groups tree', pattern: '/groups', url: () => '/groups' },
  { name: 'groups table', pattern: '/groups', url: () => '/groups?view=table' },
  { name: 'group', pattern: '/groups/:id', url: (data) => `/groups/${data.org1.rootGroupId}` },
  // A group of a few members: its report is gathered in a moment. Read by progress.spec.ts too.
  { name: 'group progress', pattern: '/groups/:id/progress', url: () => '/groups/38/progress' },
  { name: 'users', pattern: '/users', url: () => '/users' },
  { name: 'user', pattern: '/users/:id', url: (data) => `/users/${data.org1.userWithManyTakes.userId}` },
  { name: 'take', pattern: '/takes/:id', url: (data) => `/takes/${data.org1.userWithManyTakes.firstTakeId}` },
  { name: 'products', pattern: '/products', url: () => '/products' },
  {
    name: 'product',
    pattern: '/products/:id',
    url: (data) => `/products/${data.org1.productWithAvailabilityGroups}`,
  },
  { name: 'add member', pattern: '/memberships/new', url: () => '/memberships/new' },
  // Group 63 is only ever previewed (memberships-steps.spec.ts, file-read-race.spec.ts).
  { name: 'import members', pattern: '/memberships/import', url: () => '/memberships/import?grp=63' },
  {
    name: 'copy members',
    pattern: '/memberships/add-people',
    url: (data) => `/memberships/add-people?copy=${data.org1.deepestGroupId}`,
  },
  { name: 'history', pattern: '/history', url: () => '/history' },
  { name: 'page not found', pattern: '*', url: () => '/no/such/page' },
] as const satisfies readonly ListedPage[];

export type ListedPageName = (typeof signedInPages)[number]['name'];
