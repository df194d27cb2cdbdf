// One lazy chunk per page. Apart from the router so that start-up (start.ts) can ask for a
// page's chunk before React and the router have even been evaluated.
import * as loginPage from '../features/auth/login-page.tsx';
import { lazyPage } from './lazy-page.tsx';

export const pages = {
  // The signed-in shell (navigation, header, dialogs): not on the login page, loaded with the
  // first signed-in page (first-load.ts) or after signing in.
  layout: lazyPage(() => import('./layout.tsx'), 'Layout'),
  overview: lazyPage(() => import('./overview-page.tsx'), 'OverviewPage'),
  // Part of the entry: the first page of every new visitor, so a chunk of its own only added two
  // requests (its code and its styles, with their headers) to the first page's budget.
  login: lazyPage(async () => loginPage, 'LoginPage'),
  groups: lazyPage(() => import('../features/groups/groups-page.tsx'), 'GroupsPage'),
  group: lazyPage(() => import('../features/groups/group-page.tsx'), 'GroupPage'),
  groupProgress: lazyPage(() => import('../features/progress/progress-page.tsx'), 'ProgressPage'),
  users: lazyPage(() => import('../features/users/users-page.tsx'), 'UsersPage'),
  user: lazyPage(() => import('../features/users/user-page.tsx'), 'UserPage'),
  take: lazyPage(() => import('../features/takes/take-page.tsx'), 'TakePage'),
  products: lazyPage(() => import('../features/products/products-page.tsx'), 'ProductsPage'),
  product: lazyPage(() => import('../features/products/product-page.tsx'), 'ProductPage'),
  addMember: lazyPage(() => import('../features/memberships/add/add-member-page.tsx'), 'AddMemberPage'),
  importMembers: lazyPage(() => import('../features/memberships/import/import-page.tsx'), 'ImportPage'),
  addPeople: lazyPage(() => import('../features/memberships/add-people/add-people-page.tsx'), 'AddPeoplePage'),
  history: lazyPage(() => import('../features/history/history-page.tsx'), 'HistoryPage'),
  notFound: lazyPage(() => import('./not-found-page.tsx'), 'NotFoundPage'),
};
