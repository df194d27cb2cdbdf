// The table view of /groups: one server page at a time, `equal` filters on grp columns; a part
// of a name (or external name) is searched in the group index instead (name-search.ts); the
// parent is named from the index, and chosen by name. Page, page size, sort and filters in the URL.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { matchPath } from 'react-router';
import { groupIndexQuery, type GroupIndex } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import { searchGroups } from '#domain/group-search.ts';
import type { Grp } from '#schemas/grp.ts';
import { Button } from '#components/button.tsx';
import { DataTable } from '#components/data-table.tsx';
import { dateCellProps } from '#components/date-cell.tsx';
import { Field } from '#components/field.tsx';
import { groupLabel } from '#components/group-name.tsx';
import { componentMessages } from '#components/messages.ts';
import { portalTextCell } from '#components/portal-text.tsx';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { paths, routes } from '#lib/paths.ts';
import { parseRecordId } from '#lib/record-id.ts';
import { groupFilterKeys as filterKeys, groupsListParams, groupsTableSearch } from './first-load.ts';
import { MemberCountCell, MemberCountsProvider } from './member-count.tsx';
import { groupMessages } from './messages.ts';
import { nameSearchQuery } from './name-search.ts';
import { usePrefetchGroup } from './use-prefetch-group.ts';
import styles from './groups-page.module.css';

type FilterKey = (typeof filterKeys)[number];
const numericFilters: ReadonlySet<FilterKey> = new Set(['grp_id']);
/** Typed in text boxes; the parent is chosen in a combobox. */
const textFilters = filterKeys.filter((key) => key !== 'grp_parent_id');
const column = createColumnHelper<Grp>();

export function GroupsTable() {
  const t = useMessages(groupMessages);
  const format = useFormat();
  const common = useMessages(componentMessages);
  const prefetch = usePrefetchGroup();
  const search = useListSearch(groupsTableSearch);
  const queryClient = useQueryClient();
  const byName = search.filters.grp_name !== undefined;
  const { page, pageSize, filters } = search;
  const serverOptions = groupQueries.list(groupsListParams(search));
  const nameOptions = nameSearchQuery(queryClient, { page, pageSize, filters });
  const server = useQuery({ ...serverOptions, enabled: !byName, placeholderData: keepPreviousData });
  const named = useQuery({ ...nameOptions, enabled: byName, placeholderData: keepPreviousData });
  const query = byName ? named : server;
  const grpIds = useMemo(() => (query.data?.result ?? []).map((group) => group.grp_id), [query.data]);
  // Every group, to name each row's parent (the dashboard server's shared list, or this browser's walk).
  const index = useQuery(groupIndexQuery());
  const byId = index.data?.byId;

  const columns = useMemo(
    () => [
      // Cells hold their text and link directly: what a wrapper per cell did (isolating portal
      // text, a date's title) is on the cell itself (meta.cellProps). The links are plain anchors:
      // the DataTable navigates for them and says which one is pointed at (onLinkIntent: prefetch).
      column.accessor('grp_name', {
        header: t.columnName,
        meta: { cellProps: () => portalTextCell },
        cell: (info) => (
          <a href={paths.group(info.row.original.grp_id)} className={styles.strongLink}>
            {groupLabel(info.row.original, common)}
          </a>
        ),
      }),
      column.accessor('grp_id', { header: t.columnId, meta: { cellProps: () => ({ className: styles.mono }) } }),
      column.display({
        id: 'members',
        header: t.columnMembers,
        cell: (info) => <MemberCountCell grpId={info.row.original.grp_id} />,
      }),
      column.accessor('grp_parent_id', {
        header: t.columnParent,
        meta: { cellProps: () => portalTextCell },
        cell: (info) => {
          const parent = info.getValue();
          if (parent === null || parent === 0) return <span className={styles.muted}>{t.noParent}</span>;
          // "Group 12" until the index names it (or when the parent is not among the groups).
          const named = byId?.get(parent) ?? { grp_id: parent, grp_name: '' };
          return <a href={paths.group(parent)}>{groupLabel(named, common)}</a>;
        },
      }),
      column.accessor('grp_external_id', {
        header: t.columnExternalId,
        meta: { cellProps: () => portalTextCell },
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('grp_external_name', {
        header: t.columnExternalName,
        meta: { cellProps: () => portalTextCell },
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('grp_updated_date', {
        header: t.columnUpdated,
        meta: { cellProps: dateCellProps(format) },
        cell: (info) => format.date(info.getValue()),
      }),
    ],
    [t, common, format, byId],
  );

  return (
    <MemberCountsProvider grpIds={grpIds}>
      <DataTable
        label={t.tableLabel}
        columns={columns}
        query={query}
        queryKey={byName ? nameOptions.queryKey : serverOptions.queryKey}
        pagination={search}
        getRowId={(group) => String(group.grp_id)}
        onLinkIntent={(link) => {
          const id = parseRecordId(matchPath(routes.group, link.pathname)?.params.id);
          if (id !== null) prefetch(id);
        }}
        errorTitle={t.tableFailed}
        emptyMessage={Object.keys(search.filters).length > 0 ? t.tableNoMatch : t.noGroups}
        toolbar={
          <GroupFilters key={JSON.stringify(search.filters)} filters={search.filters} onApply={search.setFilters} />
        }
      />
    </MemberCountsProvider>
  );
}

function GroupFilters({
  filters,
  onApply,
}: {
  filters: Record<string, string>;
  onApply: (next: Record<string, string>) => void;
}) {
  const t = useMessages(groupMessages);
  const id = useId();
  const index = useQuery(groupIndexQuery());
  const parent = useParentGroup(filters.grp_parent_id, index.data);
  const [draft, setDraft] = useState<Record<string, string>>(filters);
  // The parent's name as typed; null while it shows the URL's parent.
  const [parentText, setParentText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<FilterKey | null>(null);
  const shownParent = parentText ?? parent?.grp_name ?? '';
  const parentMatches = useMemo(
    () =>
      index.data && shownParent.trim() ? searchGroups(index.data.groups, shownParent, { scope: 'names' }).groups : [],
    [index.data, shownParent],
  );
  const labels: Record<FilterKey, string> = {
    grp_id: t.columnId,
    grp_name: t.columnName,
    grp_parent_id: t.columnParent,
    grp_external_id: t.columnExternalId,
    grp_external_name: t.columnExternalName,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(
      textFilters.map((key) => [key, (draft[key] ?? '').trim()] as const).filter(([, v]) => v !== ''),
    );
    const bad = textFilters.find(
      (key) => numericFilters.has(key) && next[key] !== undefined && !/^\d+$/.test(next[key]),
    );
    let parentError = false;
    if (parentText === null) {
      if (filters.grp_parent_id) next.grp_parent_id = filters.grp_parent_id;
    } else if (parentText.trim()) {
      // The group of that exact name or external name (case aside); the best match is the exact one.
      const same = (name: string | null) =>
        name !== null && name.localeCompare(parentText.trim(), undefined, { sensitivity: 'accent' }) === 0;
      const named = parentMatches.find((g) => same(g.grp_name)) ?? parentMatches.find((g) => same(g.grp_external_name));
      if (named) next.grp_parent_id = String(named.grp_id);
      else parentError = true;
    }
    const problem = bad ?? (parentError ? 'grp_parent_id' : null);
    setInvalid(problem);
    if (!problem) onApply(next);
  };

  return (
    <form className={styles.filters} onSubmit={submit} aria-label={t.filtersLabel}>
      <p className={styles.filtersHint}>{t.filtersHint}</p>
      <div className={styles.filterGrid}>
        {textFilters.map((key) => (
          <Field key={key} label={labels[key]} error={invalid === key && t.filterNumber}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode={numericFilters.has(key) ? 'numeric' : undefined}
                value={draft[key] ?? ''}
                onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
              />
            )}
          </Field>
        ))}
        {/* A text box with a list of group names (a combobox): the parent is chosen by name, not by number. */}
        <Field label={labels.grp_parent_id} error={invalid === 'grp_parent_id' && t.filterNoSuchParent}>
          {(control) => (
            <>
              <input
                {...control}
                type="text"
                list={`${id}-parents`}
                autoComplete="off"
                value={shownParent}
                onChange={(event) => setParentText(event.target.value)}
              />
              <datalist id={`${id}-parents`}>
                {parentMatches.map((group) => (
                  <option key={group.grp_id} value={group.grp_name} label={group.grp_external_name ?? undefined} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </div>
      <div className={styles.filterActions}>
        <Button type="submit" kind="primary">
          {t.filtersApply}
        </Button>
        <Button
          kind="quiet"
          onClick={() => {
            setDraft({});
            setParentText('');
            setInvalid(null);
            onApply({});
          }}
        >
          {t.filtersClear}
        </Button>
      </div>
    </form>
  );
}

/** The group of the URL's parent filter (a number), from the index when loaded, else asked for. */
function useParentGroup(id: string | undefined, index: GroupIndex | undefined): Grp | null {
  const numeric = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  const indexed = numeric === null ? undefined : index?.byId.get(numeric);
  const asked = useQuery({ ...groupQueries.children(numeric ?? 0), enabled: numeric !== null && !indexed });
  return indexed ?? (numeric !== null ? (asked.data ?? null) : null);
}
