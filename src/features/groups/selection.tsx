// The selection of a group's "Members" table: a checkbox in each row ("Select user N", in each
// card on phones too), one for the page in the header ("Select all on this page"), "Select all N
// members" across pages (every page of user_grp/get_all, fetched only when some are not on
// screen), the count read out as it changes, "Clear selection", and "Add to another group…",
// which hands the people to the add page in the route state (never in the URL).
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { fetchAllPages } from '#api/list.ts';
import { fetchMemberships } from '#api/memberships.ts';
import type { Grp } from '#schemas/grp.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { chosenPeopleState } from '#lib/chosen-people.ts';
import { fill, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import { groupMessages } from './messages.ts';
import styles from './group-page.module.css';

export interface Selection {
  ids: ReadonlySet<number>;
  set: (userIds: readonly number[], selected: boolean) => void;
  clear: () => void;
  /** Selects every member the table's filters give, across pages; `loaded`: those on screen. */
  selectAll: (loaded: readonly number[], total: number) => void;
  selectingAll: boolean;
  error: unknown;
}

/** `filters`: the table's user_grp/get_all filters (the group, and admins only when asked). */
export function useSelection(filters: Record<string, string>): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [selectingAll, setSelectingAll] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page stops a walk in flight.
  useEffect(() => () => abort.current?.abort(), []);

  const set = (userIds: readonly number[], selected: boolean) =>
    setIds((current) => {
      const next = new Set(current);
      for (const id of userIds) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  async function selectAll(loaded: readonly number[], total: number) {
    setError(null);
    // Every member is on screen: nothing to fetch.
    if (loaded.length >= total) return set(loaded, true);
    if (abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setSelectingAll(true);
    try {
      const members = await fetchAllPages(
        (start, limit, signal) => fetchMemberships({ start, limit, filters }, signal),
        { pageSize: 1000, signal: controller.signal },
      );
      set(
        members.map((m) => m.user_grp_user_id),
        true,
      );
    } catch (failure) {
      if (!controller.signal.aborted && !(isApiError(failure) && failure.kind === 'aborted')) setError(failure);
    } finally {
      abort.current = null;
      setSelectingAll(false);
    }
  }

  return {
    ids,
    set,
    clear: () => setIds(new Set()),
    selectAll: (loaded, total) => void selectAll(loaded, total),
    selectingAll,
    error,
  };
}

/** The selection and the user ids on screen, for the boxes of the table (see SelectUserBox). */
export const SelectionContext = createContext<{ selection: Selection; pageUserIds: readonly number[] } | null>(null);

// The boxes read the selection from the context rather than from their column's definition: a
// column defined anew at each render would be a new component type for React, which would
// remount every box at each click and lose the keyboard focus.

/** The header's box: selects or clears the rows on screen. */
export function SelectPageBox() {
  const t = useMessages(groupMessages);
  const context = useContext(SelectionContext);
  if (!context) return null;
  const { selection, pageUserIds } = context;
  const chosenOnPage = pageUserIds.filter((id) => selection.ids.has(id)).length;
  const all = pageUserIds.length > 0 && chosenOnPage === pageUserIds.length;
  return (
    <input
      type="checkbox"
      aria-label={t.selectPage}
      checked={all}
      disabled={pageUserIds.length === 0}
      // "Some of the page": neither checked nor empty.
      ref={(box) => {
        if (box) box.indeterminate = chosenOnPage > 0 && !all;
      }}
      onChange={(event) => selection.set(pageUserIds, event.target.checked)}
    />
  );
}

/** A row's box, in a column whose value is the row's user id. */
export function SelectUserBox({ getValue }: { getValue: () => number }) {
  const t = useMessages(groupMessages);
  const context = useContext(SelectionContext);
  if (!context) return null;
  const id = getValue();
  return (
    <input
      type="checkbox"
      aria-label={fill(t.selectUser, { id })}
      checked={context.selection.ids.has(id)}
      onChange={(event) => context.selection.set([id], event.target.checked)}
    />
  );
}

export function SelectionBar({
  selection,
  group,
  pageUserIds,
  total,
}: {
  selection: Selection;
  group: Grp;
  pageUserIds: readonly number[];
  /** Every member the table's filters give (null while loading). */
  total: number | null;
}) {
  const t = useMessages(groupMessages);
  const formatMessage = useMessageFormat();
  const navigate = useNavigate();
  const count = selection.ids.size;
  return (
    <div className={styles.selectionBar}>
      {/* Read out as it changes: a click on a box or "Select all" says what is now chosen. */}
      <p role="status" className={styles.selectionCount}>
        {selection.selectingAll ? t.selectingAll : formatMessage(t.selectedCount, { n: count })}
      </p>
      {total !== null && total > 0 && (
        <Button
          aria-disabled={selection.selectingAll || undefined}
          onClick={() => !selection.selectingAll && selection.selectAll(pageUserIds, total)}
        >
          {formatMessage(t.selectAll, { n: total })}
        </Button>
      )}
      {count > 0 && (
        <Button kind="quiet" onClick={selection.clear}>
          {t.clearSelection}
        </Button>
      )}
      <Button
        kind="primary"
        disabled={count === 0}
        onClick={() => void navigate(paths.addPeople(), { state: chosenPeopleState(group.grp_id, selection.ids) })}
      >
        {t.addToGroup}
      </Button>
      {selection.error !== null && (
        <ApiErrorNotice
          title={t.selectAllFailed}
          error={selection.error}
          onRetry={() => total !== null && selection.selectAll(pageUserIds, total)}
        />
      )}
    </div>
  );
}
