// "Export members" on a group page: every membership of the group (and of all its subgroups if
// asked), every page of user_grp/get_all, with progress and a cancel, saved as CSV in the shape
// the language's Excel opens: user id, organisation identifier, name, e-mail, group admin, member
// since. On a static host, the people come from the users this tab looked up (the API has no
// "user by id"), blank where not known; with the dashboard server, an export job does it instead
// (export-members-job.tsx), naming people from the server's directory.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { fetchPeopleByIds } from '#api/directory.ts';
import { isApiError } from '#api/errors.ts';
import { fetchMembersOfGroups, groupAndDescendants, type ExportProgress } from '#api/group-members-export.ts';
import { groupIndexQuery } from '#api/group-index.ts';
import { displayName, knownUser } from '#api/known-users.ts';
import type { Grp } from '#schemas/grp.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { ProgressBar } from '#components/progress-bar.tsx';
import { Button } from '#components/button.tsx';
import { csvDelimiter, writeCsv } from '#lib/csv.ts';
import { downloadText } from '#lib/download.ts';
import { useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { ExportMembersJob } from './export-members-job.tsx';
import { groupMessages } from './messages.ts';
import styles from './group-page.module.css';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress }
  | { kind: 'done'; members: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

export function ExportMembers({ group }: { group: Grp }) {
  const server = useDashboardServer();
  return server === 'available' ? <ExportMembersJob group={group} /> : <ExportInBrowser group={group} />;
}

function ExportInBrowser({ group }: { group: Grp }) {
  const t = useMessages(groupMessages);
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const server = useDashboardServer();
  const id = useId();
  const [subgroups, setSubgroups] = useState(false);
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Leaving the page stops the walk.
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    if (abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', progress: { groupsDone: 0, groups: 1, members: 0 } });
    try {
      const groups = subgroups
        ? groupAndDescendants(group, (await queryClient.fetchQuery(groupIndexQuery())).childrenOf)
        : [group];
      const rows = await fetchMembersOfGroups(groups, {
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: 'running', progress }),
      });
      const userIds = rows.map(({ membership }) => membership.user_grp_user_id);
      const directory = server === 'available' ? await fetchPeopleByIds(userIds, controller.signal) : null;
      const csv = await writeCsv(
        rows.map(({ group: of, membership }) => {
          const userId = membership.user_grp_user_id;
          const person = directory?.get(userId);
          const user = directory ? person : knownUser(userId);
          return {
            ...(subgroups ? { [t.exportColGroupId]: of.grp_id, [t.exportColGroup]: of.grp_name } : {}),
            [t.exportColUserId]: userId,
            [t.exportColIdentifier]: user?.user_organisation_identifier ?? '',
            [t.exportColName]: user ? displayName(user) : '',
            [t.exportColEmail]: person?.email ?? '',
            [t.exportColAdmin]: membership.user_grp_group_admin === 1 ? t.yes : t.no,
            [t.exportColSince]: membership.user_grp_created_date ?? '',
          };
        }),
        { delimiter: csvDelimiter(locale) },
      );
      downloadText(`group-${group.grp_id}-members${subgroups ? '-with-subgroups' : ''}.csv`, csv);
      setState({ kind: 'done', members: rows.length });
    } catch (error) {
      const aborted = controller.signal.aborted || (isApiError(error) && error.kind === 'aborted');
      setState(aborted ? { kind: 'cancelled' } : { kind: 'failed', error });
    } finally {
      abort.current = null;
    }
  }

  const running = state.kind === 'running';
  const progressText =
    state.kind === 'running'
      ? formatMessage(t.exportProgress, {
          members: state.progress.members,
          done: state.progress.groupsDone,
          groups: state.progress.groups,
        })
      : '';
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t.exportTitle}
      </h2>
      <p className={styles.muted}>{t.exportIntro}</p>
      <div className={styles.exportControls}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={subgroups}
            disabled={running}
            onChange={(event) => setSubgroups(event.target.checked)}
          />
          <span>{t.exportSubgroups}</span>
        </label>
        {running ? (
          <Button onClick={() => abort.current?.abort()}>{t.exportCancel}</Button>
        ) : (
          <Button onClick={() => void start()}>{t.exportButton}</Button>
        )}
      </div>
      {state.kind === 'running' && (
        <ProgressBar
          label={t.exportProgressLabel}
          done={state.progress.groupsDone}
          total={state.progress.groups}
          valueText={progressText}
        />
      )}
      <p role="status" className={styles.muted}>
        {state.kind === 'running'
          ? progressText
          : state.kind === 'done'
            ? formatMessage(t.exportDone, { members: state.members })
            : state.kind === 'cancelled'
              ? t.exportCancelled
              : ''}
      </p>
      {state.kind === 'failed' && <ApiErrorNotice error={state.error} onRetry={() => void start()} />}
    </section>
  );
}
