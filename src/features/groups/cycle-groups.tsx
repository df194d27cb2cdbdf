// The groups the tree cannot place because their parents loop back to them (a portal's data
// may hold such a loop): listed under the tree with a note, each a link to its page.
import { Link } from 'react-router';
import type { Grp } from '#schemas/grp.ts';
import { GroupName } from '#components/group-name.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { groupMessages } from './messages.ts';
import styles from './groups-page.module.css';

export function CycleGroups({ groups }: { groups: readonly Grp[] }) {
  const t = useMessages(groupMessages);
  return (
    <section className={styles.cycles} aria-labelledby="cycle-groups-title">
      <h2 id="cycle-groups-title" className={styles.panelTitle}>
        {t.cycleTitle}
      </h2>
      <p className={styles.cyclesIntro}>{t.cycleIntro}</p>
      <ul className={styles.cyclesList}>
        {groups.map((group) => (
          <li key={group.grp_id}>
            <Link to={paths.group(group.grp_id)}>
              <GroupName group={group} />
            </Link>{' '}
            <span className={styles.muted}>
              ({fill(t.cycleMeta, { id: group.grp_id, parent: group.grp_parent_id ?? '—' })})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
