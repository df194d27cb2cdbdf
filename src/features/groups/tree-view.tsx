// The tree view of /groups: search and index status beside the tree. Picking a search result
// (or following a link to /groups?group=id) opens the tree down to that group, then scrolls to
// it and focuses it.
import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { ancestorsOf, groupIndexPartial, groupIndexQuery, parentCycle, subscribeGroupIndex } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import type { Grp } from '#schemas/grp.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { GroupName } from '#components/group-name.tsx';
import { fillNodes } from '#components/portal-text.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { GroupSearch } from './group-search.tsx';
import { CycleGroups } from './cycle-groups.tsx';
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
  const partial = useSyncExternalStore(subscribeGroupIndex, groupIndexPartial);
  const [revealId, setRevealId] = useState<number | null>(null);
  const [revealError, setRevealError] = useState<unknown>(null);
  // A group whose parents loop has no row to reveal: say so instead of doing nothing.
  const [unplaceable, setUnplaceable] = useState<{ group: Grp; cycle: Grp[] } | null>(null);
  const { expandAll } = tree;

  // Opens the tree down to a group: ancestors from the index when it has them, else by walking
  // get_with_children up the parents (all cached).
  const reveal = useCallback(
    async (id: number) => {
      try {
        const data = index.data;
        const indexed = data?.byId.get(id);
        let group: Grp;
        let ancestors: Grp[];
        if (data && indexed) {
          group = indexed;
          ancestors = ancestorsOf(data, id);
        } else {
          group = await queryClient.fetchQuery(groupQueries.children(id));
          ancestors = await queryClient.fetchQuery(groupQueries.ancestors(group.grp_id, group.grp_parent_id));
        }
        setRevealError(null);
        // Both walks stop where the parents loop: the chain they return holds the whole cycle.
        const cycle = parentCycle(new Map([group, ...ancestors].map((g) => [g.grp_id, g])), id);
        setUnplaceable(cycle ? { group, cycle } : null);
        if (cycle) return;
        expandAll(ancestors.map((ancestor) => ancestor.grp_id));
        setRevealId(id);
      } catch (error) {
        setUnplaceable(null);
        setRevealError(error);
      }
    },
    [index.data, queryClient, expandAll],
  );

  // The shown group lives in the URL (?group=id): a reload or a shared link opens the tree to it.
  const [params, setParams] = useSearchParams();
  const linkedParam = params.get('group') ?? '';
  const linked = /^\d+$/.test(linkedParam) ? Number(linkedParam) : null;
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (linked === null || linked === handled.current) return;
    handled.current = linked;
    void reveal(linked);
  }, [linked, reveal]);

  const pick = (group: Grp) => {
    handled.current = group.grp_id;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('group', String(group.grp_id));
        return next;
      },
      { replace: true },
    );
    void reveal(group.grp_id);
  };
  const onRevealed = useCallback(() => setRevealId(null), []);

  return (
    <div className={styles.treeLayout}>
      <div className={styles.sidebar}>
        <GroupSearch index={index.data} partial={partial} onPick={pick} />
        {revealError !== null && <ApiErrorNotice title={t.revealFailed} error={revealError} />}
        {unplaceable && (
          <div className="notice notice-info" role="alert">
            <p>
              {fillNodes(t.revealCycle, {
                name: <GroupName group={unplaceable.group} />,
                // The loop closed on its first group: "payroll → finance → payroll".
                cycle: [...unplaceable.cycle, ...unplaceable.cycle.slice(0, 1)].map((g, i) => (
                  <Fragment key={i}>
                    {i > 0 && ' → '}
                    <GroupName group={g} />
                  </Fragment>
                )),
              })}
            </p>
          </div>
        )}
        <IndexStatus index={index} />
      </div>
      <div className={styles.treePanel}>
        <p className={styles.treeHint}>{t.treeHint}</p>
        {rows.length === 0 && !rootsPending ? (
          (index.data?.inCycles.length ?? 0) === 0 && (
            <p className={styles.emptyTree}>{index.isError ? t.treeUnavailable : t.noGroups}</p>
          )
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
        {index.data && index.data.inCycles.length > 0 && <CycleGroups groups={index.data.inCycles} />}
      </div>
    </div>
  );
}
