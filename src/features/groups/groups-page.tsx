// /groups: the organisation's groups as a tree (default) or a table; the view lives in the URL.
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMessages } from '../../lib/i18n.tsx';
import { paths } from '../../lib/paths.ts';
import { groupMessages } from './messages.ts';
import { TreeView } from './tree-view.tsx';
import styles from './groups-page.module.css';

// The table view (and TanStack Table) loads only when asked for: the tree's first row comes sooner.
const GroupsTable = lazy(() => import('./groups-table.tsx').then((module) => ({ default: module.GroupsTable })));

export function GroupsPage() {
  const t = useMessages(groupMessages);
  const [params] = useSearchParams();
  const view = params.get('view') === 'table' ? 'table' : 'tree';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>{t.groupsTitle}</h1>
          <p className={styles.lede}>{t.groupsLede}</p>
        </div>
        <nav className={styles.switch} aria-label={t.viewLabel}>
          <Link to={paths.groups()} aria-current={view === 'tree' ? 'page' : undefined}>
            {t.viewTree}
          </Link>
          <Link to={paths.groups({ view: 'table' })} aria-current={view === 'table' ? 'page' : undefined}>
            {t.viewTable}
          </Link>
        </nav>
      </header>
      {view === 'table' ? (
        <Suspense
          fallback={
            <p className="page-status" role="status">
              {t.loadingTable}
            </p>
          }
        >
          <GroupsTable />
        </Suspense>
      ) : (
        <TreeView />
      )}
    </div>
  );
}
