// "Since <date>: 4 new completions, 2 newly stalled, 3 new members": what changed since the
// report before this one, whose figures the dashboard server kept (changes.ts). For the first
// report of a group, what the next one will say; gathered in the browser, nothing (it keeps none).
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import type { ReportChanges } from './changes.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

export function ChangesSince({ changes }: { changes: ReportChanges | null }) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  if (!changes) return <p className={styles.hint}>{t.changesFirst}</p>;
  return (
    <p className={styles.changes}>
      {formatMessage(t.changesSince, {
        date: format.date(changes.since),
        completions: changes.newCompletions,
        stalled: changes.newlyStalled,
        members: changes.newMembers,
      })}
    </p>
  );
}
