import { NavLink, Outlet } from 'react-router';
import { fill, locales, useLocale, useMessages, type Locale } from '../lib/i18n.tsx';
import { appMessages } from './messages.ts';
import { SessionExpiredDialog } from './session-expired-dialog.tsx';
import { useSession } from './session.tsx';
import { themes, useTheme, type Theme } from './theme.tsx';
import styles from './layout.module.css';

const languageNames: Record<Locale, string> = { en: 'English', fr: 'Français' };

export function Layout() {
  const t = useMessages(appMessages);
  const { state, signOut } = useSession();
  const { locale, setLocale } = useLocale();
  const { theme, setTheme } = useTheme();
  const session = state.status === 'signed-in' || state.status === 'expired' ? state.session : null;
  const themeLabels: Record<Theme, string> = { system: t.themeSystem, light: t.themeLight, dark: t.themeDark };
  const navItems = [
    { to: '/groups', label: t.navGroups },
    { to: '/users', label: t.navUsers },
    { to: '/products', label: t.navProducts },
    { to: '/memberships/new', label: t.navAddMember },
  ];

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{t.productName}</span>
        </div>
        <nav aria-label={t.mainNavigation} className={styles.nav}>
          <ul>
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/memberships/new'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.tools}>
          {session && (
            <p className={styles.identity}>
              <span>{fill(t.organisation, { id: session.orgId })}</span>
              <span>{fill(t.signedInAs, { key: session.apikey })}</span>
            </p>
          )}
          <label className={styles.select}>
            <span>{t.theme}</span>
            <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
              {themes.map((value) => (
                <option key={value} value={value}>
                  {themeLabels[value]}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.select}>
            <span>{t.language}</span>
            <select value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
              {locales.map((value) => (
                <option key={value} value={value} lang={value}>
                  {languageNames[value]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button-quiet" onClick={signOut}>
            {t.signOut}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      {state.status === 'expired' && <SessionExpiredDialog />}
    </div>
  );
}
