// /jobs: the organisation's jobs on the dashboard server, newest first, one server page at a time
// (page and size in the URL), followed while one of them is at work. Each kind opens its job's
// page. On a static host (no dashboard server) the page says that jobs need one.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { jobQueries } from '#api/jobs.ts';
import type { Job } from '#schemas/jobs.ts';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { DataTable } from '#components/data-table.tsx';
import { dateCellProps } from '#components/date-cell.tsx';
import { kindLabel, stateLabel } from '#components/jobs/job-text.ts';
import { jobMessages } from '#components/jobs/messages.ts';
import { componentMessages } from '#components/messages.ts';
import { PortalText, portalTextCell } from '#components/portal-text.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { paths } from '#lib/paths.ts';
import { jobsPageMessages } from './messages.ts';
import styles from './jobs.module.css';

const column = createColumnHelper<Job>();

export function JobsPage() {
  const t = useMessages(jobsPageMessages);
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
      {server === 'available' && <JobsTable />}
    </div>
  );
}

function JobsTable() {
  const t = useMessages(jobsPageMessages);
  const jobText = useMessages(jobMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const search = useListSearch({ defaultPageSize: 20 });
  const options = jobQueries.list((search.page - 1) * search.pageSize, Math.min(100, search.pageSize));
  const query = useQuery({ ...options, placeholderData: keepPreviousData });

  const columns = [
    column.accessor('kind', {
      header: t.columnKind,
      cell: (info) => <Link to={paths.job(info.row.original.job_id)}>{kindLabel(info.getValue(), jobText)}</Link>,
    }),
    column.accessor('grp_name', {
      header: t.columnGroup,
      meta: { cellProps: () => portalTextCell },
      cell: (info) => {
        const { grp_id: id } = info.row.original;
        if (id === null) return t.severalGroups;
        const name = info.getValue()?.trim();
        return (
          <Link to={paths.group(id)}>
            {name ? <PortalText>{name}</PortalText> : fill(common.groupFallback, { id })}
          </Link>
        );
      },
    }),
    column.accessor('started_by', {
      header: t.columnStartedBy,
      meta: { cellProps: () => portalTextCell },
      cell: (info) => info.getValue() ?? <span className={styles.muted}>{t.unnamed}</span>,
    }),
    column.accessor('state', { header: t.columnState, cell: (info) => stateLabel(info.getValue(), jobText) }),
    column.accessor('done', {
      header: t.columnProgress,
      cell: (info) =>
        fill(t.progress, { done: format.number(info.getValue()), total: format.number(info.row.original.total) }),
    }),
    column.accessor('created_at', {
      header: t.columnStarted,
      meta: { cellProps: dateCellProps(format) },
      cell: (info) => format.dateTime(info.getValue()),
    }),
  ];

  return (
    <DataTable
      label={t.tableLabel}
      hideCaption
      columns={columns}
      query={query}
      queryKey={options.queryKey}
      pagination={search}
      getRowId={(job) => job.job_id}
      emptyMessage={t.empty}
    />
  );
}
