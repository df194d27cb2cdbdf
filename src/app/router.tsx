// Every page is its own chunk: the login page carries no table, tree, sanitiser or page code.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

const page = (load: () => Promise<React.ComponentType>): RouteObject => ({
  lazy: () => load().then((Component) => ({ Component })),
  errorElement: <RouteError />,
});

export const routes: RouteObject[] = [
  { path: '/login', ...page(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage)) },
  {
    element: (
      <RequireSession>
        <Layout />
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/groups" replace /> },
      { path: '/groups', ...page(() => import('../features/groups/groups-page.tsx').then((m) => m.GroupsPage)) },
      { path: '/groups/:id', ...page(() => import('../features/groups/group-page.tsx').then((m) => m.GroupPage)) },
      { path: '/users', ...page(() => import('../features/users/users-page.tsx').then((m) => m.UsersPage)) },
      { path: '/users/:id', ...page(() => import('../features/users/user-page.tsx').then((m) => m.UserPage)) },
      { path: '/takes/:id', ...page(() => import('../features/takes/take-page.tsx').then((m) => m.TakePage)) },
      { path: '/products', ...page(() => import('../features/products/products-page.tsx').then((m) => m.ProductsPage)) },
      { path: '/products/:id', ...page(() => import('../features/products/product-page.tsx').then((m) => m.ProductPage)) },
      { path: '/memberships/new', ...page(() => import('../features/memberships/add-member-page.tsx').then((m) => m.AddMemberPage)) },
      { path: '/memberships/import', ...page(() => import('../features/memberships/import-page.tsx').then((m) => m.ImportPage)) },
      { path: '*', ...page(() => import('./not-found-page.tsx').then((m) => m.NotFoundPage)) },
    ],
  },
];

export const router = createBrowserRouter(routes);
