// The table view of /groups: one server page at a time, `equal` filters on grp columns; page,
// page size and filters in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { groupQueries } from '../../api/groups.ts';
import type { Grp } from '../../api/schemas/grp.ts';
import { DataTable } from '../../components/data-table.tsx';
import { dateCellProps } from '../../components/date-cell.tsx';
import { groupLabel } from '../../components/group-name.tsx';
import { componentMessages } from '../../components/messages.ts';
import { portalTextCell } from '../../components/portal-text.tsx';
import { useFormat, useMessages } from '../../lib/i18n.tsx';
import { useListSearch } from '../../lib/list-search.ts';
import { paths } from '../../lib/paths.ts';
import { groupFilterKeys as filterKeys, groupsListParams, groupsTableSearch } from './first-load.ts';
import { MemberCountCell } from './member-count.tsx';
import { groupMessages } from './messages.ts';
import { usePrefetchGroup } from './use-prefetch-group.ts';
import styles from './groups-page.module.css';

type FilterKey = (typeof filterKeys)[number];
const numericFilters: ReadonlySet<FilterKey> = new Set(['grp_id', 'grp_parent_id']);
const column = createColumnHelper<Grp>();

export function GroupsTable() {
  const t = useMessages(groupMessages);
  const format = useFormat();
  const common = useMessages(componentMessages);
  const prefetch = usePrefetchGroup();
  const search = useListSearch(groupsTableSearch);
  const options = groupQueries.list(groupsListParams(search));
  const query = useQuery({ ...options, placeholderData: keepPreviousData });

  const columns = useMemo(
    () => [
      // Cells hold their text and link directly: what a wrapper per cell did (isolating portal
      // text, a date's title) is on the cell itself (meta.cellProps).
      column.accessor('grp_name', {
        header: t.columnName,
        meta: { cellProps: () => portalTextCell },
        cell: (info) => (
          <Link
            to={paths.group(info.row.original.grp_id)}
            className={styles.strongLink}
            onMouseEnter={() => prefetch(info.row.original.grp_id)}
            onFocus={() => prefetch(info.row.original.grp_id)}
          >
            {groupLabel(info.row.original, common)}
          </Link>
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
        cell: (info) => {
          const parent = info.getValue();
          return parent === null || parent === 0 ? (
            <span className={styles.muted}>{t.noParent}</span>
          ) : (
            <Link to={paths.group(parent)} onMouseEnter={() => prefetch(parent)} onFocus={() => prefetch(parent)}>
              {parent}
            </Link>
          );
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
    [t, common, format, prefetch],
  );

  return (
    <DataTable
      label={t.tableLabel}
      columns={columns}
      query={query}
      queryKey={options.queryKey}
      pagination={search}
      getRowId={(group) => String(group.grp_id)}
      emptyMessage={Object.keys(search.filters).length > 0 ? t.tableNoMatch : t.noGroups}
      toolbar={
        <GroupFilters key={JSON.stringify(search.filters)} filters={search.filters} onApply={search.setFilters} />
      }
    />
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
  const [draft, setDraft] = useState<Record<string, string>>(filters);
  const [invalid, setInvalid] = useState<FilterKey | null>(null);
  const labels: Record<FilterKey, string> = {
    grp_id: t.columnId,
    grp_name: t.columnName,
    grp_parent_id: t.filterParentId,
    grp_external_id: t.columnExternalId,
    grp_external_name: t.columnExternalName,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(
      filterKeys.map((key) => [key, (draft[key] ?? '').trim()] as const).filter(([, v]) => v !== ''),
    );
    const bad = filterKeys.find(
      (key) => numericFilters.has(key) && next[key] !== undefined && !/^\d+$/.test(next[key]),
    );
    setInvalid(bad ?? null);
    if (!bad) onApply(next);
  };

  return (
    <form className={styles.filters} onSubmit={submit} aria-label={t.filtersLabel}>
      <p className={styles.filtersHint}>{t.filtersHint}</p>
      <div className={styles.filterGrid}>
        {filterKeys.map((key) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{labels[key]}</label>
            <input
              id={`${id}-${key}`}
              type="text"
              inputMode={numericFilters.has(key) ? 'numeric' : undefined}
              value={draft[key] ?? ''}
              aria-invalid={invalid === key ? true : undefined}
              aria-describedby={invalid === key ? `${id}-error` : undefined}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            />
            {invalid === key && (
              <p id={`${id}-error`} className="field-error">
                {t.filterNumber}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary">
          {t.filtersApply}
        </button>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => {
            setDraft({});
            setInvalid(null);
            onApply({});
          }}
        >
          {t.filtersClear}
        </button>
      </div>
    </form>
  );
}
