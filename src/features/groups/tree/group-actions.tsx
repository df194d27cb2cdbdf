// The actions of the tree's focused group, beside the tree rather than inside it: a treeitem is
// a link to its group's page and the tree is one tab stop moved by the arrows, so a link inside
// an item would break both. Tab from the tree reaches these; they follow the focus as it moves.
import { useId } from 'react';
import { Link } from 'react-router';
import type { Grp } from '#schemas/grp.ts';
import { GroupName } from '#components/group-name.tsx';
import { fillNodes } from '#components/portal-text.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { groupMessages } from '../messages.ts';
import styles from './group-tree.module.css';

export function GroupActions({ group }: { group: Grp }) {
  const t = useMessages(groupMessages);
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={styles.actions}>
      <span id={id}>{fillNodes(t.treeActions, { name: <GroupName group={group} /> })}</span>
      <Link to={paths.groupProgress(group.grp_id)}>{t.progress}</Link>
    </div>
  );
}
