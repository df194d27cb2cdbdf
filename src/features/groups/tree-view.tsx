// The tree view of /groups: search and index status beside the tree. Picking a search result
// opens the tree down to that group, then scrolls to it and focuses it.
import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ancestorsOf, groupIndexQuery, useGroupIndexPartial } from '../../api/group-index.ts';
import { groupQueries } from '../../api/groups.ts';
import type { Grp } from '../../api/schemas/grp.ts';
import { ApiErrorNotice } from '../../components/api-error-notice.tsx';
import { useMessages } from '../../lib/i18n.tsx';
import { GroupSearch } from './group-search.tsx';
import { IndexStatus } from './index-status.tsx';
import { groupMessages } from './messages.ts';
import { GroupTree } from './tree/group-tree.tsx';
import { useGroupTree } from './tree/use-group-tree.ts';
import { useTreeState } from './tree/tree-state.ts';
import styles from './groups-page.module.css';

export function TreeView() {
  const t = useMessages(groupMessages);
  const queryClient = useQueryClient();
  // Starts the index walk during this first render rather than after the effects run: its
  // first page holds the roots the tree shows first.
  usePrefetchQuery(groupIndexQuery());
  const tree = useTreeState();
  const { index, rows, rootsPending } = useGroupTree(tree.expanded);
  const partial = useGroupIndexPartial();
  const [revealId, setRevealId] = useState<number | null>(null);
  const [revealError, setRevealError] = useState<unknown>(null);
  const { expandAll } = tree;

  const pick = useCallback(
    async (group: Grp) => {
      setRevealError(null);
      try {
        const ancestors = index.data?.byId.has(group.grp_id)
          ? ancestorsOf(index.data, group.grp_id)
          : await queryClient.fetchQuery(groupQueries.ancestors(group.grp_id, group.grp_parent_id));
        expandAll(ancestors.map((ancestor) => ancestor.grp_id));
        setRevealId(group.grp_id);
      } catch (error) {
        setRevealError(error);
      }
    },
    [index.data, queryClient, expandAll],
  );
  const onRevealed = useCallback(() => setRevealId(null), []);


  return (
    <div className={styles.treeLayout}>
      <div className={styles.sidebar}>
        <GroupSearch index={index.data} partial={partial} onPick={(group) => void pick(group)} />
        {revealError !== null && <ApiErrorNotice error={revealError} />}
        <IndexStatus index={index} />
      </div>
      <div className={styles.treePanel}>
        <p className={styles.treeHint}>{t.treeHint}</p>
        {rows.length === 0 && !rootsPending ? (
          <p className={styles.emptyTree}>{index.isError ? t.treeUnavailable : t.noGroups}</p>
        ) : (
          <GroupTree
            rows={rows}
            busy={rootsPending}
            activeId={tree.activeId}
            setActive={tree.setActive}
            setExpanded={tree.setExpanded}
            revealId={revealId}
            onRevealed={onRevealed}
          />
        )}
      </div>
    </div>
  );
}
