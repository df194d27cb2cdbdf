// /groups: the organisation's groups as a tree (default) or a table; the view lives in the URL.
import { Link, useSearchParams } from 'react-router';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { GroupsTable } from './first-load.ts';
import { groupMessages } from './messages.ts';
import { TreeView } from './tree-view.tsx';
import styles from './groups-page.module.css';

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
      {/* Switching views is a navigation, a transition: the tree stays until the table's code is
          there (no placeholder of its own, which React would hold for 300 ms at least). */}
      {view === 'table' ? <GroupsTable /> : <TreeView />}
    </div>
  );
}
