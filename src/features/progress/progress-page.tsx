// /groups/:id/progress: who in this group (and its subgroups) has completed which training.
// The dashboard server gathers the data (use-progress-report.ts); the figures are computed here
// over all of it (aggregate.ts), so sorting and filtering need no request.
import { Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDashboardServer } from '#components/dashboard-server.ts';
import type { Grp } from '#schemas/grp.ts';
import type { ProgressData, ProgressReport } from '#schemas/progress-report.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { GroupName } from '#components/group-name.tsx';
import { GroupRoute } from '#components/group-route.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { preloadable } from '#lib/preloadable.tsx';
import { aggregate } from './aggregate.ts';
import { AsOfTime } from './as-of.tsx';
import { AttentionSections } from './attention-sections.tsx';
import { belowPassMark, stalledTakes } from './attention.ts';
import { reportChanges } from './changes.ts';
import { ExportControls } from './export-controls.tsx';
import { FilterBar } from './filter-bar.tsx';
import { GatheringStatus } from './gathering-status.tsx';
import { productNamer } from './labels.ts';
import { MemberTable } from './member-table.tsx';
import { progressMessages } from './messages.ts';
import { ProductTable } from './product-table.tsx';
import { ChangesSince } from './report-changes.tsx';
import { useProgressParams } from './progress-params.ts';
import { SummaryFigures } from './summary-figures.tsx';
import { useProgressReport } from './use-progress-report.ts';
import styles from './progress.module.css';

// The charting library comes with the charts only: asked for as the page opens, in parallel
// with the report (not once the report is there), so a report from the server's cache is drawn
// as soon as it arrives, without a suspended render first (src/lib/preloadable.tsx).
const Charts = preloadable(
  () => import('./charts.tsx'),
  (module) => module.default,
);

export function ProgressPage() {
  const t = useMessages(progressMessages);
  useEffect(() => void Charts.preload(), []);
  return <GroupRoute t={t}>{(group) => <ProgressReportView group={group} />}</GroupRoute>;
}

function ProgressReportView({ group }: { group: Grp }) {
  const t = useMessages(progressMessages);
  const server = useDashboardServer();
  const params = useProgressParams();
  const { includeSubgroups, update } = params;
  const key = { grpId: group.grp_id, includeSubgroups };
  const { query, restart, cancel } = useProgressReport(key, server);
  const [before = '', after = ''] = t.title.split('{name}');
  const report = query.data;

  return (
    <article className={styles.page}>
      <Link to={paths.group(group.grp_id)}>{t.backToGroup}</Link>
      <h1 className={styles.title}>
        {before}
        <GroupName group={group} />
        {after}
      </h1>
      <p className={styles.lede}>{t.lede}</p>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={includeSubgroups}
          onChange={(event) => update({ subgroups: event.target.checked ? '1' : undefined })}
        />
        {t.includeSubgroups}
      </label>
      {server === 'checking' && <p role="status">{t.checkingServer}</p>}
      {server === 'absent' && <p className="hint">{t.gatheredInPage}</p>}
      {query.isError && <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {(report || query.isFetching) && (
        <GatheringStatus
          report={report}
          busy={restart.isPending || cancel.isPending}
          onCancel={() => cancel.mutate()}
          onRestart={(refresh) => restart.mutate(refresh)}
        />
      )}
      {restart.isError && <ApiErrorNotice error={restart.error} onRetry={() => restart.mutate(false)} />}
      {cancel.isError && <ApiErrorNotice error={cancel.error} />}
      {report?.data && <ReportBody report={report} data={report.data} kept={server !== 'absent'} params={params} />}
    </article>
  );
}

function ReportBody({
  report,
  data,
  kept,
  params,
}: {
  report: ProgressReport;
  data: ProgressData;
  /** The dashboard server gathered it, and keeps its figures (not the page itself). */
  kept: boolean;
  params: ReturnType<typeof useProgressParams>;
}) {
  const t = useMessages(progressMessages);
  const { filter, period, stalledDays, update } = params;
  // "Today" of the report's day counts (stalled days, the months charted): fixed while it is shown.
  const [now] = useState(() => new Date());
  const figures = useMemo(() => aggregate(data, filter), [data, filter]);
  const nameOf = useMemo(() => productNamer(data.products, t), [data.products, t]);
  const stalled = useMemo(() => stalledTakes(data, filter, stalledDays, now), [data, filter, stalledDays, now]);
  // The tables (a row per product and per member, thousands of cells; the members to follow up)
  // render in a second pass, after the summary and the charts are on screen; while a filter
  // changes, they show the previous figures until the new ones are rendered.
  const tableFigures = useDeferredValue(figures, null);
  const below = useMemo(() => (tableFigures ? belowPassMark(tableFigures) : []), [tableFigures]);
  const { previous } = report;
  const changes = useMemo(
    () => (previous ? reportChanges(data, previous, filter, stalled, stalledDays) : null),
    [data, previous, filter, stalled, stalledDays],
  );
  return (
    <AsOfTime value={report.data_gathered_at ?? report.finished_at}>
      <FilterBar products={data.products} filter={filter} update={update} />
      <SummaryFigures
        summary={figures.summary}
        withPeriod={filter.from !== undefined || filter.to !== undefined}
        changes={kept && <ChangesSince changes={changes} />}
      />
      {tableFigures && (
        <AttentionSections
          groupId={data.group.grp_id}
          nameOf={nameOf}
          stalled={stalled}
          stalledDays={stalledDays}
          onStalledDays={(days) => update({ stalled: String(days) })}
          below={below}
        />
      )}
      <ExportControls figures={figures} groupId={data.group.grp_id} nameOf={nameOf} />
      {tableFigures ? (
        <ProductTable rows={tableFigures.products} nameOf={nameOf} />
      ) : (
        <p role="status">{t.tablesLoading}</p>
      )}
      <Suspense fallback={<p role="status">{t.chartsLoading}</p>}>
        <Charts
          figures={figures}
          filter={filter}
          period={period}
          onPeriod={(next) => update({ period: next === 'all' ? undefined : next })}
          nameOf={nameOf}
        />
      </Suspense>
      {tableFigures && <MemberTable figures={tableFigures} nameOf={nameOf} />}
    </AsOfTime>
  );
}
