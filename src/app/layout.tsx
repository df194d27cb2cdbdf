import {
  Fragment,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Link, matchPath, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { reloadWatchedJobs, subscribeWatchedJobs, watchedJobs } from '#api/watched-jobs.ts';
import { LanguageSelect, ThemeSelect } from '#components/preference-controls.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths, routes } from '#lib/paths.ts';
import { clearSignedInHint, setSignedInHint } from '#lib/signed-in-hint.ts';
import { isTokenRemembered } from '#lib/token-storage.ts';
import { useCanWrite, useIsAccountAdmin, useSignedInAccount, type Audience } from '#session/account.ts';
import { useSession } from '#session/session.tsx';
import {
  AccessIcon,
  AddMemberIcon,
  CloseIcon,
  GroupsIcon,
  HistoryIcon,
  JobsIcon,
  MenuIcon,
  ProductsIcon,
  SettingsIcon,
  UsersIcon,
} from '#components/icons.tsx';
import { Button } from '#components/button.tsx';
import { appMessages } from './messages.ts';
import { OrganisationName } from '#components/organisation-name.tsx';
import { navEntries, pageEntries, type NavIcon } from './route-registry.ts';
import { RoleRefusedPage } from './role-refused-page.tsx';
import { SessionExpiredDialog } from './session-expired-dialog.tsx';
import { SlowDownNotice } from './slow-down-notice.tsx';
import styles from './layout.module.css';

// Loaded once this tab follows a job: most sessions never start one.
const JobEndNotices = lazy(() =>
  import('../features/jobs/job-end-notices.tsx').then((module) => ({ default: module.JobEndNotices })),
);

const navIcons: Record<NavIcon, ReactNode> = {
  groups: <GroupsIcon />,
  users: <UsersIcon />,
  products: <ProductsIcon />,
  addMember: <AddMemberIcon />,
  history: <HistoryIcon />,
  settings: <SettingsIcon />,
  jobs: <JobsIcon />,
  access: <AccessIcon />,
};

/** Whether a navigation entry is for this account (token mode: no account, the admins' pages are accounts mode's). */
function shownTo(audience: Audience | undefined, can: { write: boolean; manageAccess: boolean }): boolean {
  if (audience === 'admins') return can.manageAccess;
  if (audience === 'writers') return can.write;
  return true;
}

export function Layout() {
  const t = useMessages(appMessages);
  const { state, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const toolsId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const session = state.status === 'signed-in' || state.status === 'expired' ? state.session : null;
  const account = useSignedInAccount();
  const can = { write: useCanWrite(), manageAccess: useIsAccountAdmin() };
  // A page the role may not open, its address typed: said here (in the shell's chunk, off the
  // login page) rather than a form whose every change the server would refuse.
  const refused = pageEntries.some(({ key, audience }) => matchPath(routes[key], pathname) && !shownTo(audience, can));
  const orgId = session?.orgId ?? null;
  const [shownOrgId, setShownOrgId] = useState(orgId);
  const [orgSwitched, setOrgSwitched] = useState(false);
  const watched = useSyncExternalStore(subscribeWatchedJobs, watchedJobs);
  const [followsJobs, setFollowsJobs] = useState(false);
  // Once loaded, the notices stay mounted: a job's notice outlives its removal from the list followed.
  if (watched.length > 0 && !followsJobs) setFollowsJobs(true);

  // The phone menu closes when the page changes (adjusting state during render, not in an effect).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
    setOrgSwitched(false);
  }

  // Signed in to another organisation over this page (re-sign-in, another tab): the page below is
  // keyed by organisation, so it starts afresh, and says why; moving to another page hides the note.
  if (orgId !== shownOrgId) {
    setShownOrgId(orgId);
    if (orgId !== null && shownOrgId !== null) setOrgSwitched(true);
  }

  // Signing out or into another organisation cleared the jobs this tab followed from storage (with
  // the rest of the user data): read again here rather than by the session code, which is on the
  // first page while this list is not.
  useEffect(() => reloadWatchedJobs(), [orgId]);

  // While the shell is shown, the server may name a page's code in its HTML (signed-in-hint.ts).
  useEffect(() => {
    setSignedInHint(isTokenRemembered());
    return clearSignedInHint;
  }, []);

  useEffect(() => {
    // The dialog or the page that had focus is gone: carry on from the top of the new page.
    if (orgSwitched && (document.activeElement === null || document.activeElement === document.body))
      main.current?.focus();
  }, [orgSwitched]);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      // Focus was maybe inside the panel that is about to disappear: give it back to the button.
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen]);

  function handleSignOut() {
    signOut();
    // A plain /login: the next person to sign in starts from the groups, not from this page.
    void navigate(paths.login(), { replace: true });
  }

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to={paths.home()} className={styles.brand}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            {/* One of the two is displayed: the short name on phones, where the full one would be cut. */}
            <span className={styles.longName}>{t.productName}</span>
            <span className={styles.shortName}>{t.productShortName}</span>
          </Link>
          <Button
            kind="quiet"
            className={styles.menuButton}
            ref={menuButton}
            aria-expanded={menuOpen}
            aria-controls={toolsId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span>{t.menu}</span>
          </Button>
          <div id={toolsId} className={styles.tools} data-open={menuOpen}>
            {session && (
              // The organisation only: the API key is a secret, and the header is on every screen share.
              <p className={styles.identity}>
                {account && <span className={styles.org}>{account.name}</span>}
                <span className={account ? undefined : styles.org}>
                  <OrganisationName fallback={fill(t.organisation, { id: session.orgId })} />
                </span>
              </p>
            )}
            <ThemeSelect className={styles.select} />
            <LanguageSelect className={styles.select} />
            <Button className={styles.signOut} onClick={handleSignOut}>
              {t.signOut}
            </Button>
          </div>
        </div>
        <nav aria-label={t.mainNavigation} className={styles.nav}>
          <ul>
            {navEntries
              .filter(({ audience }) => shownTo(audience, can))
              .map(({ key, label, icon }) => (
                <li key={key}>
                  <NavLink to={routes[key]}>
                    {navIcons[icon]}
                    <span>{t[label]}</span>
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      </header>
      <main ref={main} id="main" tabIndex={-1} className={styles.main}>
        {orgSwitched && (
          <p className="notice notice-info" role="status">
            {t.organisationSwitched}
          </p>
        )}
        <SlowDownNotice />
        {/* Always there, so that a job's end is announced when its notice appears. */}
        <div role="status">
          {followsJobs && (
            <Suspense fallback={null}>
              <JobEndNotices watched={watched} />
            </Suspense>
          )}
        </div>
        <Fragment key={orgId ?? 'none'}>{refused ? <RoleRefusedPage /> : <Outlet />}</Fragment>
      </main>
      {state.status === 'expired' && <SessionExpiredDialog onSignOut={handleSignOut} />}
    </div>
  );
}
