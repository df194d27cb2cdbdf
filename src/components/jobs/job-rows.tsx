// A job's rows as the server pages them: counts that filter them ("Not found 20" pressed shows
// only those rows; pressed again, every row), then the table. The filter and the page are in the
// URL (`rows.outcome`, `rows.page`), so a reload or a shared link shows the same rows. While the
// job is at work the rows are read again as its count of rows done moves.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { jobQueries } from '#api/jobs.ts';
import { jobRowOutcomes, type Job, type JobRow, type JobRowOutcome } from '#schemas/jobs.ts';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useListSearch, type ListSearchOptions } from '#lib/list-search.ts';
import { paths } from '#lib/paths.ts';
import { DataTable } from '../data-table.tsx';
import { DateCell } from '../date-cell.tsx';
import { componentMessages } from '../messages.ts';
import { PortalText, portalTextCell } from '../portal-text.tsx';
import { outcomeCounts, outcomeLabel, outcomeTone, rowDetails, settlesRows, type JobMessages } from './job-text.ts';
import { jobMessages } from './messages.ts';
import styles from './job-view.module.css';

export const jobRowsSearch = {
  prefix: 'rows',
  filterKeys: ['outcome'],
  defaultPageSize: 20,
} satisfies ListSearchOptions;

const outcomeSchema = z.enum(jobRowOutcomes);
const column = createColumnHelper<JobRow>();

/** Problems first, what went well last: the order of the counts. */
const countOrder: readonly JobRowOutcome[] = [
  'failed',
  'not_found',
  'skipped',
  'pending',
  'already_member',
  'added',
  'found',
];

export function JobRows({ job }: { job: Job }) {
  const t = useMessages(jobMessages);
  const search = useListSearch(jobRowsSearch);
  const parsed = outcomeSchema.safeParse(search.filters.outcome);
  const outcome = parsed.success ? parsed.data : undefined;
  const query = { outcome, start: (search.page - 1) * search.pageSize, limit: Math.min(100, search.pageSize) };
  const options = jobQueries.rows(job.job_id, query, `${job.state}:${job.done}`);
  const rows = useQuery({ ...options, placeholderData: keepPreviousData });
  const counts = outcomeCounts(job);
  const label =
    job.kind === 'export'
      ? t.membersTable
      : job.state === 'ready'
        ? t.previewTable
        : job.state === 'running' || job.state === 'queued'
          ? t.rowsTable
          : t.resultsTable;
  const hintId = `${job.job_id}-filter-hint`;
  return (
    <div className={styles.view}>
      {settlesRows(job.kind) && (
        <>
          <div className={styles.counts} role="group" aria-label={t.countsLabel} aria-describedby={hintId}>
            {countOrder
              .filter((key) => counts[key] > 0)
              .map((key) => (
                <CountButton
                  key={key}
                  label={outcomeLabel(key, job.state, t)}
                  count={counts[key]}
                  tone={outcomeTone[key]}
                  pressed={outcome === key}
                  onClick={() => search.setFilters(outcome === key ? {} : { outcome: key })}
                />
              ))}
          </div>
          <p id={hintId} className="hint">
            {t.filterHint}
          </p>
        </>
      )}
      <DataTable
        label={label}
        columns={
          job.kind === 'export'
            ? exportColumns(t)
            : job.kind === 'lookup'
              ? lookupColumns(job, t)
              : writeColumns(job, t)
        }
        query={rows}
        queryKey={options.queryKey}
        pagination={search}
        getRowId={(row) => String(row.position)}
        emptyMessage={t.noRows}
      />
    </div>
  );
}

function CountButton(props: { label: string; count: number; tone: string; pressed: boolean; onClick: () => void }) {
  const format = useFormat();
  return (
    <button
      type="button"
      className={`${styles.count} ${styles[props.tone]}`}
      aria-pressed={props.pressed}
      onClick={props.onClick}
    >
      {props.label} <strong>{format.number(props.count)}</strong>
    </button>
  );
}

/** The person: their name linked to their page when the portal gave a user id. */
function PersonCell({ row }: { row: JobRow }) {
  const name = row.name?.trim() || (row.user_id === null ? '' : String(row.user_id));
  if (row.user_id === null) return <PortalText>{name}</PortalText>;
  return (
    <Link to={paths.user(row.user_id)}>
      <PortalText>{name}</PortalText>
    </Link>
  );
}

function GroupCell({ row }: { row: JobRow }) {
  if (row.grp_id === null) return <PortalText>{row.grp_name ?? ''}</PortalText>;
  return (
    <Link to={paths.group(row.grp_id)}>
      <PortalText>{row.grp_name?.trim() || String(row.grp_id)}</PortalText>
    </Link>
  );
}

function AdminCell({ admin }: { admin: boolean }) {
  const common = useMessages(componentMessages);
  return admin ? common.yes : common.no;
}

function StatusCell({ row, job }: { row: JobRow; job: Job }) {
  const t = useMessages(jobMessages);
  return (
    <span className={`${styles.status} ${styles[outcomeTone[row.outcome]]}`}>
      {outcomeLabel(row.outcome, job.state, t)}
    </span>
  );
}

function DetailsCell({ row, job }: { row: JobRow; job: Job }) {
  const t = useMessages(jobMessages);
  const format = useFormat();
  return rowDetails(row, t, format, job.kind);
}

function writeColumns(job: Job, t: JobMessages) {
  return [
    column.accessor('line', { header: t.colRow }),
    column.accessor((row) => row.identifier ?? row.email ?? '', {
      id: 'identifier',
      header: t.colIdentifier,
      meta: { cellProps: () => ({ ...portalTextCell, className: `${portalTextCell.className} ${styles.mono}` }) },
      cell: (info) => <PortalText>{info.getValue()}</PortalText>,
    }),
    column.accessor('name', { header: t.colPerson, cell: (info) => <PersonCell row={info.row.original} /> }),
    // The group of each row when the list names them; otherwise every row has the job's group.
    ...(job.grp_id === null
      ? [column.accessor('grp_name', { header: t.colGroup, cell: (info) => <GroupCell row={info.row.original} /> })]
      : []),
    // What the row asks for, but for a current member who is not a group admin: what the membership
    // is (a "Yes" there would read as if they were one; the details say the flag cannot change).
    column.accessor((row) => row.group_admin && row.error_code !== 'admin_unchanged', {
      id: 'group_admin',
      header: t.colAdmin,
      cell: (info) => <AdminCell admin={info.getValue()} />,
    }),
    ...outcomeColumns(job, t),
  ];
}

/** A people list's lookups: the identifier of the list, then the person the portal named (name and e-mail). */
function lookupColumns(job: Job, t: JobMessages) {
  return [
    column.accessor('line', { header: t.colRow }),
    column.accessor((row) => row.identifier ?? '', {
      id: 'identifier',
      header: t.colIdentifier,
      meta: { cellProps: () => ({ ...portalTextCell, className: `${portalTextCell.className} ${styles.mono}` }) },
      cell: (info) => <PortalText>{info.getValue()}</PortalText>,
    }),
    column.accessor('name', { header: t.colPerson, cell: (info) => <PersonCell row={info.row.original} /> }),
    column.accessor('email', { header: t.colEmail, cell: (info) => <PortalText>{info.getValue() ?? ''}</PortalText> }),
    ...outcomeColumns(job, t),
  ];
}

function exportColumns(t: JobMessages) {
  return [
    column.accessor('grp_name', { header: t.colGroup, cell: (info) => <GroupCell row={info.row.original} /> }),
    column.accessor('name', { header: t.colPerson, cell: (info) => <PersonCell row={info.row.original} /> }),
    column.accessor('identifier', {
      header: t.colIdentifier,
      cell: (info) => <PortalText>{info.getValue() ?? ''}</PortalText>,
    }),
    column.accessor('group_admin', { header: t.colAdmin, cell: (info) => <AdminCell admin={info.getValue()} /> }),
    column.accessor('member_since', { header: t.colSince, cell: (info) => <DateCell value={info.getValue()} /> }),
  ];
}

/** Every kind's last columns: the row's status and its details, in the page's words. */
function outcomeColumns(job: Job, t: JobMessages) {
  return [
    column.accessor('outcome', {
      header: t.colStatus,
      cell: (info) => <StatusCell row={info.row.original} job={job} />,
    }),
    column.accessor('details', {
      header: t.colDetails,
      cell: (info) => <DetailsCell row={info.row.original} job={job} />,
    }),
  ];
}
