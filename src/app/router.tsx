// Declarative routes (14 kB gzip of react-router instead of 30 kB for the data router) and a
// lazy chunk per page, both from the route registry (route-registry.ts): the login page carries
// no table, tree, sanitiser or page code.
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { routes } from '#lib/paths.ts';
import { PageTitle } from './page-title.tsx';
import { RequireSession } from './require-session.tsx';
import { useMayOpen, type Audience } from '#session/account.ts';
import { layoutPage, notFoundPage, pageEntries, roleRefusedPage } from './route-registry.ts';
import { RouteBoundary } from './route-boundary.tsx';

function page(Page: ComponentType, audience?: Audience) {
  return (
    <RouteBoundary>
      <ForAudience audience={audience}>
        <Page />
      </ForAudience>
    </RouteBoundary>
  );
}

/** A page the account's role may not open says so, rather than offer what the server would refuse. */
function ForAudience({ audience, children }: { audience: Audience | undefined; children: ReactNode }) {
  const RoleRefused = roleRefusedPage;
  return useMayOpen(audience) ? children : <RoleRefused />;
}

const Layout = layoutPage;
const signedOut = pageEntries.filter((entry) => entry.signedOut);
const signedIn = pageEntries.filter((entry) => !entry.signedOut);

export function AppRoutes() {
  return (
    <BrowserRouter>
      <PageTitle />
      <Routes>
        {signedOut.map(({ key, page: Page }) => (
          <Route key={key} path={routes[key]} element={page(Page)} />
        ))}
        <Route
          element={
            <RequireSession>
              <RouteBoundary acrossPages>
                <Layout />
              </RouteBoundary>
            </RequireSession>
          }
        >
          {signedIn.map(({ key, page: Page, audience }) => (
            <Route key={key} path={routes[key]} element={page(Page, audience)} />
          ))}
          <Route path="*" element={page(notFoundPage)} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
