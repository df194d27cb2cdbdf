// Every page of the dashboard in one table: its address pattern (src/lib/paths.ts, where features
// build their links), its code (a lazy chunk), what a signed-in first load starts for it
// (first-load.ts) and its entry in the main navigation. The router, the first load and the
// layout's navigation are derived from this table; `satisfies` makes a pattern without an entry a
// type error.
// The tab's title is not here: it follows the page's h1 (page-title.tsx), loading states included.
//
// Part of the entry (first-load.ts reads it before React renders): only loaders and small
// first-load starters belong here, never page code.
import type { QueryClient } from '@tanstack/react-query';
import * as loginPage from '../features/auth/login-page.tsx';
import { startGroupPage, startGroupsPage } from '../features/groups/first-load.ts';
import { startMembershipPage } from '../features/memberships/first-load.ts';
import { startTakePage } from '../features/takes/first-load.ts';
import { prefetchUserPage } from '../features/users/first-load.ts';
import type { routes } from '#lib/paths.ts';
import { parseRecordId } from '#lib/record-id.ts';
import type { Audience } from '#session/account.ts';
import { lazyPage, type LazyPage } from './lazy-page.tsx';

/** A signed-in visit of a page, as the first load sees it. */
export interface Visit {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/** Which icon of the navigation (layout.tsx draws them: icons stay out of the entry). */
export type NavIcon = 'groups' | 'users' | 'products' | 'addMember' | 'history' | 'jobs' | 'settings' | 'access';

/** A label of the navigation, a key of appMessages. */
export type NavLabel =
  'navGroups' | 'navUsers' | 'navProducts' | 'navAddMember' | 'navHistory' | 'navJobs' | 'navSettings' | 'navAccess';

export interface PageRoute {
  page: LazyPage;
  /** Signed out (the login page) or inside the signed-in shell. */
  signedOut?: true;
  /** Who may open the page and see its navigation entry (account.ts); everyone signed in when absent. */
  audience?: Audience;
  /** Starts the page's first requests; may return more code to wait for (a view loaded apart). */
  start?: (visit: Visit) => Promise<void> | void;
  /** In the main navigation, in the table's order. */
  nav?: { label: NavLabel; icon: NavIcon };
}

/** For a page of one record: `:id` read as the page reads it, then `start` with it. */
const withId =
  (start: (queryClient: QueryClient, id: number, search: URLSearchParams) => Promise<void> | void) =>
  (visit: Visit) => {
    const id = parseRecordId(visit.params.id);
    return id === null ? undefined : start(visit.queryClient, id, visit.search);
  };

const startMembership = ({ queryClient, search }: Visit) => startMembershipPage(queryClient, search);

export const pageRoutes = {
  home: { page: lazyPage(() => import('./overview-page.tsx'), 'OverviewPage') },
  // Part of the entry: the first page of every new visitor, so a chunk of its own only added two
  // requests (its code and its styles, with their headers) to the first page's budget.
  login: { page: lazyPage(async () => loginPage, 'LoginPage'), signedOut: true },
  groups: {
    page: lazyPage(() => import('../features/groups/groups-page.tsx'), 'GroupsPage'),
    start: ({ queryClient, search }) => startGroupsPage(queryClient, search),
    nav: { label: 'navGroups', icon: 'groups' },
  },
  group: {
    page: lazyPage(() => import('../features/groups/group-page.tsx'), 'GroupPage'),
    start: withId(startGroupPage),
  },
  groupProgress: { page: lazyPage(() => import('../features/progress/progress-page.tsx'), 'ProgressPage') },
  users: {
    page: lazyPage(() => import('../features/users/users-page.tsx'), 'UsersPage'),
    nav: { label: 'navUsers', icon: 'users' },
  },
  user: {
    page: lazyPage(() => import('../features/users/user-page.tsx'), 'UserPage'),
    start: withId(prefetchUserPage),
  },
  take: { page: lazyPage(() => import('../features/takes/take-page.tsx'), 'TakePage'), start: withId(startTakePage) },
  products: {
    page: lazyPage(() => import('../features/products/products-page.tsx'), 'ProductsPage'),
    nav: { label: 'navProducts', icon: 'products' },
  },
  product: {
    page: lazyPage(() => import('../features/products/product-page.tsx'), 'ProductPage'),
    // Loaded with the page rather than in the entry: the products' schemas stay off the first page.
    // Returned, so that the first load waits for it and counts its requests as the page's own.
    start: withId((queryClient, id, search) =>
      import('../features/products/first-load.ts').then((m) => m.startProductPage(queryClient, id, search)),
    ),
  },
  addMember: {
    page: lazyPage(() => import('../features/memberships/add/add-member-page.tsx'), 'AddMemberPage'),
    start: startMembership,
    audience: 'writers',
    nav: { label: 'navAddMember', icon: 'addMember' },
  },
  importMembers: {
    page: lazyPage(() => import('../features/memberships/import/import-page.tsx'), 'ImportPage'),
    audience: 'writers',
    start: startMembership,
  },
  addPeople: {
    page: lazyPage(() => import('../features/memberships/add-people/add-people-page.tsx'), 'AddPeoplePage'),
    audience: 'writers',
  },
  history: {
    page: lazyPage(() => import('../features/history/history-page.tsx'), 'HistoryPage'),
    nav: { label: 'navHistory', icon: 'history' },
  },
  addPeopleList: {
    page: lazyPage(() => import('../features/users/add-people-page.tsx'), 'AddPeopleListPage'),
    audience: 'writers',
  },
  settings: {
    page: lazyPage(() => import('../features/settings/settings-page.tsx'), 'SettingsPage'),
    nav: { label: 'navSettings', icon: 'settings' },
  },
  jobs: {
    page: lazyPage(() => import('../features/jobs/jobs-page.tsx'), 'JobsPage'),
    nav: { label: 'navJobs', icon: 'jobs' },
  },
  job: {
    page: lazyPage(() => import('../features/jobs/job-page.tsx'), 'JobPage'),
  },
  access: {
    page: lazyPage(() => import('../features/access/access-page.tsx'), 'AccessPage'),
    audience: 'admins',
    nav: { label: 'navAccess', icon: 'access' },
  },
  invitation: {
    page: lazyPage(() => import('../features/auth/invitation-page.tsx'), 'InvitationPage'),
    signedOut: true,
  },
} satisfies Record<keyof typeof routes, PageRoute>;

export type PageKey = keyof typeof pageRoutes;

/** The signed-in shell (navigation, header, dialogs): not on the login page, loaded with the first
 * signed-in page (first-load.ts) or after signing in. */
export const layoutPage = lazyPage(() => import('./layout.tsx'), 'Layout');

/** Any address no route matches, inside the signed-in shell. */
export const notFoundPage = lazyPage(() => import('./not-found-page.tsx'), 'NotFoundPage');

/** The registry's entries, each with its key, in the table's order. */
export const pageEntries = (Object.keys(pageRoutes) as PageKey[]).map((key) => ({
  key,
  ...(pageRoutes[key] as PageRoute),
}));

/** The main navigation, in the table's order. */
export const navEntries = pageEntries.flatMap(({ key, nav, audience }) => (nav ? [{ key, audience, ...nav }] : []));
