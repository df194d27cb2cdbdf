// The direct subgroups of a group, as links. A parent of thousands shows them a page at a time.
import { useState } from 'react';
import { Link } from 'react-router';
import type { GrpWithChildren } from '#schemas/grp.ts';
import { GroupName } from '#components/group-name.tsx';
import { Button } from '#components/button.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { groupMessages } from './messages.ts';
import { usePrefetchGroup } from './use-prefetch-group.ts';
import styles from './group-page.module.css';

const STEP = 60;

export function ChildrenList({ group }: { group: GrpWithChildren }) {
  const t = useMessages(groupMessages);
  const format = useFormat();
  const prefetch = usePrefetchGroup();
  const [shown, setShown] = useState(STEP);
  const children = group.children;

  return (
    <section className="card" aria-labelledby="group-children-title">
      <h2 id="group-children-title" className={styles.cardTitle}>
        {t.childrenTitle} <span className="badge">{format.number(children.length)}</span>
      </h2>
      {children.length === 0 ? (
        <p className={styles.muted}>{t.noChildren}</p>
      ) : (
        <ul className={styles.children}>
          {children.slice(0, shown).map((child) => (
            <li key={child.grp_id}>
              <Link
                to={paths.group(child.grp_id)}
                onMouseEnter={() => prefetch(child.grp_id)}
                onFocus={() => prefetch(child.grp_id)}
              >
                <GroupName group={child} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {children.length > shown && (
        <Button onClick={() => setShown(shown + STEP * 5)}>
          {fill(t.showMoreChildren, { count: format.number(Math.min(STEP * 5, children.length - shown)) })}
        </Button>
      )}
    </section>
  );
}
