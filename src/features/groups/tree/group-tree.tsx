// The group tree: WAI-ARIA tree view (one tab stop, arrows, Home/End, Enter, type-ahead),
// children loaded when a node opens, and virtualised rows so a level of thousands stays light.
import { useQueryClient } from '@tanstack/react-query';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { groupQueries } from '#api/groups.ts';
import { Button } from '#components/button.tsx';
import { GroupName } from '#components/group-name.tsx';
import { fillNodes } from '#components/portal-text.tsx';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import { MemberCountBadge } from '../member-count.tsx';
import { groupMessages } from '../messages.ts';
import { usePrefetchGroup } from '../use-prefetch-group.ts';
import { isExpandable, type TreeRow } from './flatten.ts';
import { GroupActions } from './group-actions.tsx';
import { keyAction, typeAheadIndex } from './keyboard.ts';
import styles from './group-tree.module.css';

const ROW_HEIGHT = 38;
const TYPE_AHEAD_RESET_MS = 600;

interface GroupTreeProps {
  rows: readonly TreeRow[];
  /** The tree is still receiving its roots. */
  busy: boolean;
  activeId: number | null;
  setActive: (id: number | null) => void;
  setExpanded: (id: number, open: boolean) => void;
  /** A group to scroll to and focus once its row exists (after a search). */
  revealId: number | null;
  onRevealed: () => void;
}

export function GroupTree({ rows, busy, activeId, setActive, setExpanded, revealId, onRevealed }: GroupTreeProps) {
  const t = useMessages(groupMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prefetch = usePrefetchGroup();
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  // A revealed row is also scrolled into the page's view: on phones the tree is below the search.
  const pendingPageScroll = useRef(false);
  const typed = useRef({ text: '', at: 0 });

  const found = activeId === null ? -1 : rows.findIndex((row) => row.group.grp_id === activeId);
  const activeIndex = found === -1 ? 0 : found;

  const rangeExtractor = useCallback(
    // The focused row always stays rendered, even scrolled away, so focus is never lost.
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex < range.count && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is used only in this render
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    rangeExtractor,
    getItemKey: (index) => rows[index]?.group.grp_id ?? index,
  });

  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-group-id="${id}"]`);
    if (element) {
      element.focus({ preventScroll: true });
      // Once the virtualiser has placed the row (next frame): centred in the tree and in the page.
      if (pendingPageScroll.current) requestAnimationFrame(() => element.scrollIntoView({ block: 'center' }));
      pendingFocus.current = null;
      pendingPageScroll.current = false;
    }
  });

  const focusIndex = (index: number, align: 'auto' | 'center' = 'auto') => {
    const row = rows[index];
    if (!row) return;
    pendingFocus.current = row.group.grp_id;
    setActive(row.group.grp_id);
    virtualizer.scrollToIndex(index, { align });
  };

  useEffect(() => {
    if (revealId === null) return;
    const index = rows.findIndex((row) => row.group.grp_id === revealId);
    if (index === -1) return;
    pendingFocus.current = revealId;
    pendingPageScroll.current = true;
    setActive(revealId);
    virtualizer.scrollToIndex(index, { align: 'center' });
    onRevealed();
  }, [revealId, rows, setActive, virtualizer, onRevealed]);

  // Coming back to the tree (e.g. from a group's page): bring the remembered row into view once.
  const restoreId = useRef(activeId);
  useEffect(() => {
    if (restoreId.current === null) return;
    const index = rows.findIndex((row) => row.group.grp_id === restoreId.current);
    if (index === -1) return;
    restoreId.current = null;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [rows, virtualizer]);

  const retry = (id: number) => void queryClient.refetchQueries({ queryKey: groupQueries.children(id).queryKey });

  const toggle = (row: TreeRow) => {
    const id = row.group.grp_id;
    if (row.expanded && activeId !== null && activeId !== id && isDescendant(rows, activeId, id))
      focusIndex(rows.indexOf(row));
    setExpanded(id, !row.expanded);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = keyAction(rows, activeIndex, event.key);
    if (action) {
      event.preventDefault();
      if (action.type === 'focus') focusIndex(action.index);
      else if (action.type === 'expand') setExpanded(action.id, true);
      else if (action.type === 'collapse') setExpanded(action.id, false);
      else if (action.type === 'retry') retry(action.id);
      else if (action.type === 'open') void navigate(paths.group(action.id));
      return;
    }
    if (event.key.length === 1 && event.key !== ' ') {
      event.preventDefault();
      const now = performance.now();
      const text = now - typed.current.at > TYPE_AHEAD_RESET_MS ? event.key : typed.current.text + event.key;
      typed.current = { text, at: now };
      const index = typeAheadIndex(rows, activeIndex, text);
      if (index !== -1) focusIndex(index);
    }
  };

  const errors = rows.filter((row) => row.status === 'error');
  const activeGroup = rows[activeIndex]?.group;

  return (
    <>
      {/* What the numbers after a name are, with a sample of each as the rows show it (each row also says it to screen readers). */}
      <p className={styles.legend}>
        <span>{t.treeLegend}</span>
        <span className={styles.legendItem}>
          <span className={styles.members} aria-hidden="true">
            {format.number(12)}
          </span>{' '}
          {t.treeLegendMembers}
        </span>
        <span className={styles.legendItem}>
          <span className={styles.count} aria-hidden="true">
            {format.number(3)}
          </span>{' '}
          {t.treeLegendSubgroups}
        </span>
      </p>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the single tab stop is the active treeitem */}
      <div
        ref={scrollRef}
        role="tree"
        aria-label={t.treeLabel}
        aria-busy={busy || undefined}
        className={styles.tree}
        onKeyDown={onKeyDown}
      >
        <div className={styles.sizer} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const id = row.group.grp_id;
            const expandable = isExpandable(row);
            return (
              <Link
                key={item.key}
                to={paths.group(id)}
                role="treeitem"
                data-group-id={id}
                className={styles.item}
                style={{
                  transform: `translateY(${item.start}px)`,
                  paddingInlineStart: `${(row.level - 1) * 1.25 + 0.25}rem`,
                }}
                tabIndex={item.index === activeIndex ? 0 : -1}
                aria-level={row.level}
                aria-setsize={row.setSize}
                aria-posinset={row.posInSet}
                aria-expanded={expandable ? row.expanded : undefined}
                aria-busy={row.status === 'loading' || undefined}
                onFocus={() => {
                  setActive(id);
                  prefetch(id);
                }}
                onMouseEnter={() => prefetch(id)}
              >
                <span
                  className={styles.toggle}
                  data-state={
                    row.status === 'loading' ? 'loading' : expandable ? (row.expanded ? 'open' : 'closed') : 'leaf'
                  }
                  aria-hidden="true"
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    if (expandable) toggle(row);
                  }}
                />
                <GroupName group={row.group} className={styles.name} />
                <MemberCountBadge grpId={id} className={styles.members} />
                {row.status === 'error' ? (
                  <span className={styles.failed}>{t.childrenFailedShort}</span>
                ) : (
                  row.childCount !== null &&
                  row.childCount > 0 && (
                    <span className={styles.count} title={formatMessage(t.subgroupCount, { count: row.childCount })}>
                      <span className="visually-hidden">, </span>
                      {format.number(row.childCount)}
                      <span className="visually-hidden"> {formatMessage(t.subgroups, { count: row.childCount })}</span>
                    </span>
                  )
                )}
              </Link>
            );
          })}
        </div>
      </div>
      {activeGroup && <GroupActions group={activeGroup} />}
      {errors.map((row) => (
        <div key={row.group.grp_id} className="notice notice-error" role="alert">
          <p>{fillNodes(t.childrenFailed, { name: <GroupName group={row.group} /> })}</p>
          <Button onClick={() => retry(row.group.grp_id)}>{t.retry}</Button>
        </div>
      ))}
    </>
  );
}

function isDescendant(rows: readonly TreeRow[], id: number, ancestorId: number): boolean {
  const parentOf = new Map(rows.map((row) => [row.group.grp_id, row.parentId] as const));
  const seen = new Set<number>();
  for (
    let current = parentOf.get(id) ?? null;
    current !== null && !seen.has(current);
    current = parentOf.get(current) ?? null
  ) {
    if (current === ancestorId) return true;
    seen.add(current);
  }
  return false;
}
