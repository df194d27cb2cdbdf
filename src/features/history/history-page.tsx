// The History page: who added whom to which group, when, from which page, and how it went, as
// the dashboard server recorded it. On a static host (no dashboard server) it says it needs one.
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '#components/button.tsx';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { useIsAccountAdmin, useSignedInAccount } from '#session/account.ts';
import { accessEventMessages } from './access-event-messages.ts';
import { AccessEvents } from './access-events.tsx';
import { ActorSetting } from './actor-setting.tsx';
import { DownloadCsvButton } from './download-button.tsx';
import { HistoryFilters } from './history-filters.tsx';
import { historyFilter, historySearchOptions } from './history-search.ts';
import { HistoryTable } from './history-table.tsx';
import { historyMessages } from './messages.ts';
import styles from './history-page.module.css';

export function HistoryPage() {
  const t = useMessages(historyMessages);
  const server = useDashboardServer();
  return (
    <div className={styles.page}>
      <header>
        <h1>{t.title}</h1>
        <p className={styles.intro}>{t.intro}</p>
      </header>
      {server === 'checking' && (
        <p className="page-status" role="status">
          {t.checkingServer}
        </p>
      )}
      {server === 'absent' && (
        <div className="notice notice-info" role="status">
          <p>
            <strong>{t.needsServerTitle}</strong>
          </p>
          <p>{t.needsServerBody}</p>
        </div>
      )}
      {server === 'available' && <HistoryTabs />}
    </div>
  );
}

type Tab = 'memberships' | 'access';

/**
 * Accounts mode adds the access events in a tab of their own, for admins (the server answers them
 * to admins only); token mode has none to show.
 */
function HistoryTabs() {
  const t = useMessages(accessEventMessages);
  const admin = useIsAccountAdmin();
  // In accounts mode the history's "who" is the signed-in account: no name to type.
  const accountsMode = useSignedInAccount() !== null;
  const [tab, setTab] = useState<Tab>('memberships');
  const id = useId();
  if (!admin) return <HistoryContent showActor={!accountsMode} />;
  const tabs: [Tab, string][] = [
    ['memberships', t.tabMemberships],
    ['access', t.tabAccess],
  ];
  // Arrow keys move between the tabs (the ARIA tabs pattern); Tab goes on to the panel.
  const move = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: Tab = tab === 'memberships' ? 'access' : 'memberships';
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={t.tabsLabel} className={styles.tabs}>
        {tabs.map(([key, label]) => (
          <Button
            key={key}
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={move}
          >
            {label}
          </Button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}-tab`} className={styles.page}>
        {tab === 'access' ? <AccessEvents /> : <HistoryContent showActor={false} />}
      </div>
    </>
  );
}

/** `showActor`: token mode, where the history's "who" is the name this browser gives (accounts mode: the account). */
function HistoryContent({ showActor }: { showActor: boolean }) {
  const search = useListSearch(historySearchOptions);
  const filtered = Object.keys(search.filters).length > 0;
  return (
    <>
      {showActor && <ActorSetting />}
      <HistoryFilters key={JSON.stringify(search.filters)} filters={search.filters} onApply={search.setFilters} />
      <div className={styles.toolbar}>
        <DownloadCsvButton filter={historyFilter(search.filters)} />
      </div>
      <HistoryTable search={search} filtered={filtered} />
    </>
  );
}
