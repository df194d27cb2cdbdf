// /memberships/add-people: people known by user id added to a group the administrator chooses,
// through the import's preview, run and results (useImport, the same runner): the people selected
// in a group's "Members" (route state, history source 'bulk'), or with `?copy=<id>` the members of
// that group, and of its subgroups if asked (source 'copy'). Nobody is added twice: each person
// is gathered once, and the runner checks every membership right before creating it. With the
// dashboard server, "Preview" starts a job there instead (`bulk-add` or `copy`, `?job=<id>`), which
// gathers, previews and adds on the server and goes on when the page closes.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { dashboardServerThere } from '#api/dashboard-status.ts';
import { isApiError } from '#api/errors.ts';
import { groupAndDescendants, type ExportProgress } from '#api/group-members-export.ts';
import { groupIndexQuery } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import { membersOf, namesOf, peopleRows } from '#domain/people-to-add.ts';
import type { Grp } from '#schemas/grp.ts';
import { Button } from '#components/button.tsx';
import { GroupName } from '#components/group-name.tsx';
import { NotFound } from '#components/not-found.tsx';
import { fillNodes } from '#components/portal-text.tsx';
import { RecordStates } from '#components/record-states.tsx';
import { readChosenPeople } from '#lib/chosen-people.ts';
import { fill, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import { parseRecordId } from '#lib/record-id.ts';
import { GroupCombobox } from '../group-combobox.tsx';
import { PreviewSection } from '../import/preview-section.tsx';
import { PreviewFailedSection, PreviewProgressSection, usePreviewingStatus } from '../import/preview-status.tsx';
import { ResultsSection } from '../import/results-section.tsx';
import { useImport } from '../import/use-import.ts';
import { useStepFocus } from '../use-step-focus.ts';
import { useLeaveGuard } from '../import/use-leave-guard.ts';
import { useServerJob } from '../use-server-job.ts';
import { membershipMessages } from '../messages.ts';
import styles from '../memberships.module.css';

// Loaded when a job is shown: a static host never needs it, and the form comes first.
const JobSection = lazy(() => import('../job-section.tsx').then((module) => ({ default: module.JobSection })));
export function AddPeoplePage() {
  const t = useMessages(membershipMessages);
  const [params] = useSearchParams();
  const location = useLocation();
  const copyFrom = parseRecordId(params.get('copy'));
  const chosen = copyFrom === null ? readChosenPeople(location.state) : null;
  const sourceId = copyFrom ?? chosen?.from ?? null;
  const query = useQuery({ ...groupQueries.children(sourceId ?? 0), enabled: sourceId !== null });
  const job = useServerJob();
  const jobTitleId = useId();

  // A job's address with nothing else (a link from elsewhere): the job alone.
  if (sourceId === null && job.jobId !== null) {
    return (
      <div className={styles.page}>
        <h1>{t.addPeopleTitle}</h1>
        <Suspense fallback={null}>
          <JobSection
            jobId={job.jobId}
            titleId={jobTitleId}
            actions={<Link to={paths.groups()}>{t.openGroups}</Link>}
          />
        </Suspense>
      </div>
    );
  }

  if (sourceId === null) {
    return (
      <div className={styles.page}>
        <h1>{t.addPeopleTitle}</h1>
        <p className="notice notice-info">{t.noPeopleChosen}</p>
        <p>
          <Link to={paths.groups()}>{t.openGroups}</Link>
        </p>
      </div>
    );
  }
  return (
    <RecordStates
      query={query}
      queryKey={groupQueries.children(sourceId).queryKey}
      loading={fill(t.sourceLoading, { id: sourceId })}
      errorTitle={t.gatherFailed}
      notFound={<NotFound title={fill(t.sourceMissing, { id: sourceId })} body={t.noPeopleChosen} />}
    >
      {(source) => <AddPeopleFlow key={source.grp_id} source={source} userIds={chosen?.userIds ?? null} />}
    </RecordStates>
  );
}

type Gathering =
  | { kind: 'idle' }
  | { kind: 'members'; progress: ExportProgress }
  | { kind: 'names'; people: number }
  | { kind: 'empty' }
  | { kind: 'failed'; error: unknown };

/** `userIds`: the people selected (a bulk action), or null to copy the members of `source`. */
function AddPeopleFlow({ source, userIds }: { source: Grp; userIds: readonly number[] | null }) {
  const t = useMessages(membershipMessages);
  const formatMessage = useMessageFormat();
  const previewingStatus = usePreviewingStatus();
  const queryClient = useQueryClient();
  const titleId = useId();
  const hintId = useId();
  const copy = userIds === null;
  const { phase, previewPeople, run, cancel, reset } = useImport(copy ? 'copy' : 'bulk');
  const job = useServerJob();
  const [target, setTarget] = useState<Grp | null>(null);
  const [missingTarget, setMissingTarget] = useState(false);
  const [subgroups, setSubgroups] = useState(false);
  const [gathering, setGathering] = useState<Gathering>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const busy = gathering.kind === 'members' || gathering.kind === 'names';
  const running = phase.kind === 'running';
  const locked = busy || (phase.kind !== 'edit' && phase.kind !== 'preview-failed');
  useLeaveGuard(running, t.leaveWarning);
  // Leaving the page stops the gathering (reads only).
  useEffect(() => () => abort.current?.abort(), []);

  const step = phase.kind === 'preview' ? 'preview' : phase.kind === 'done' ? 'results' : null;
  useStepFocus(step, `${titleId}-${step}`);

  async function start() {
    if (!target) return setMissingTarget(true);
    if (abort.current || job.starting.isPending) return;
    // On the dashboard server, the job gathers the members itself.
    if (await job.serverThere()) {
      return job.start(
        userIds
          ? { kind: 'bulk-add', grp_id: target.grp_id, user_ids: [...new Set(userIds)] }
          : { kind: 'copy', from_grp_id: source.grp_id, grp_id: target.grp_id, include_subgroups: subgroups },
      );
    }
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    try {
      let people: number[];
      if (userIds) {
        people = [...new Set(userIds)];
      } else {
        setGathering({ kind: 'members', progress: { groupsDone: 0, groups: 1, members: 0 } });
        const groups = subgroups
          ? groupAndDescendants(source, (await queryClient.fetchQuery(groupIndexQuery())).childrenOf)
          : [source];
        people = await membersOf(groups, {
          signal,
          onProgress: (progress) => setGathering({ kind: 'members', progress }),
        });
      }
      if (people.length === 0) return setGathering({ kind: 'empty' });
      setGathering({ kind: 'names', people: people.length });
      // Names from the dashboard server's directory when there is one (a static host has none).
      const directory = await dashboardServerThere(queryClient);
      const names = await namesOf(people, directory, signal);
      setGathering({ kind: 'idle' });
      void previewPeople(peopleRows(people, names), target);
    } catch (error) {
      const aborted = signal.aborted || (isApiError(error) && error.kind === 'aborted');
      if (!aborted) setGathering({ kind: 'failed', error });
    } finally {
      abort.current = null;
    }
  }

  function edit() {
    reset();
    setGathering({ kind: 'idle' });
  }

  const group = <GroupName group={source} />;
  const status =
    gathering.kind === 'members'
      ? formatMessage(t.gathering, {
          members: gathering.progress.members,
          done: gathering.progress.groupsDone,
          groups: gathering.progress.groups,
        })
      : gathering.kind === 'names'
        ? formatMessage(t.namesLoading, { n: gathering.people })
        : phase.kind === 'previewing'
          ? previewingStatus(phase)
          : null;
  // The groups walked, then the people looked at; no bar while the names are asked (one request).
  const statusProgress =
    gathering.kind === 'members'
      ? { done: gathering.progress.groupsDone, total: gathering.progress.groups }
      : phase.kind === 'previewing'
        ? phase
        : null;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{copy ? t.copyTitle : t.addPeopleTitle}</h1>
        <Link to={paths.group(source.grp_id)}>{t.backToGroup}</Link>
      </header>
      <p className={styles.intro}>{copy ? t.copyIntro : t.addPeopleIntro}</p>

      {running && (
        <p className={`notice ${styles.warning}`} role="note">
          {t.running}
        </p>
      )}

      {/* Hidden, not gone, while a job is shown: Back finds the choices as they were. */}
      <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-group`} hidden={job.jobId !== null}>
        <h2 id={`${titleId}-group`}>{t.stepGroup}</h2>
        <GroupCombobox
          value={target}
          disabled={locked}
          onChange={(next) => {
            setTarget(next);
            setMissingTarget(false);
          }}
          error={missingTarget ? t.errorGroupRequired : null}
        />
      </section>

      <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-people`} hidden={job.jobId !== null}>
        <h2 id={`${titleId}-people`}>{t.stepPeople}</h2>
        <p>
          {copy
            ? fillNodes(t.copyFrom, { group })
            : fillNodes(formatMessage(t.chosenPeople, { n: userIds.length, group: '{group}' }), { group })}
        </p>
        {copy && (
          <div>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={subgroups}
                disabled={locked}
                aria-describedby={hintId}
                onChange={(event) => setSubgroups(event.target.checked)}
              />
              <span>{t.includeSubgroups}</span>
            </label>
            <p id={hintId} className="hint">
              {t.includeSubgroupsHint}
            </p>
          </div>
        )}
        <p className="hint">{t.plainMembers}</p>
        <div className={styles.actions}>
          {locked ? (
            !running && !busy && <Button onClick={edit}>{t.addOtherPeople}</Button>
          ) : (
            <Button kind="primary" onClick={() => void start()}>
              {t.preview}
            </Button>
          )}
        </div>
      </section>

      {job.starting.isPending && (
        <PreviewProgressSection titleId={`${titleId}-preview`} status={t.sendingPeople} progress={null} />
      )}

      {job.starting.isError && job.jobId === null && (
        <PreviewFailedSection titleId={`${titleId}-preview`} error={job.starting.error} onRetry={() => void start()} />
      )}

      {job.jobId !== null && (
        <Suspense fallback={null}>
          <JobSection
            titleId={`${titleId}-job`}
            jobId={job.jobId}
            actions={
              <Button
                onClick={() => {
                  job.starting.reset();
                  job.leave();
                  edit();
                }}
              >
                {t.addOtherPeople}
              </Button>
            }
          />
        </Suspense>
      )}

      {status !== null && (
        <PreviewProgressSection titleId={`${titleId}-preview`} status={status} progress={statusProgress} />
      )}

      {gathering.kind === 'empty' && <p className="notice notice-info">{t.nobodyToCopy}</p>}

      {(gathering.kind === 'failed' || phase.kind === 'preview-failed') && (
        <PreviewFailedSection
          titleId={`${titleId}-preview`}
          error={gathering.kind === 'failed' ? gathering.error : phase.kind === 'preview-failed' ? phase.error : null}
          onRetry={() => void start()}
        />
      )}

      {(phase.kind === 'preview' || phase.kind === 'running') && (
        <PreviewSection
          titleId={`${titleId}-preview`}
          phase={phase}
          onRun={() => phase.kind === 'preview' && run(phase)}
          onCancel={cancel}
          // No file, no group column to choose.
          onGroupColumn={() => undefined}
        />
      )}

      {phase.kind === 'done' && (
        <ResultsSection
          titleId={`${titleId}-results`}
          phase={phase}
          onRunAgain={() => run({ ...phase, previous: phase.results })}
          onStartOver={edit}
          startOverLabel={t.addOtherPeople}
        />
      )}
    </div>
  );
}
