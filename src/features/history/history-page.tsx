// The History page: who added whom to which group, when, from which page, and how it went, as
// the dashboard server recorded it. On a static host (no dashboard server) it says it needs one.
import { useDashboardServer } from '#components/dashboard-server.ts';
import { useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
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
      {server === 'available' && <HistoryContent />}
    </div>
  );
}

function HistoryContent() {
  const search = useListSearch(historySearchOptions);
  const filtered = Object.keys(search.filters).length > 0;
  return (
    <>
      <ActorSetting />
      <HistoryFilters key={JSON.stringify(search.filters)} filters={search.filters} onApply={search.setFilters} />
      <div className={styles.toolbar}>
        <DownloadCsvButton filter={historyFilter(search.filters)} />
      </div>
      <HistoryTable search={search} filtered={filtered} />
    </>
  );
}
