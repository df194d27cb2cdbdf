// The ancestors of a group as links: from the group index when it is in the cache (no request),
// otherwise by walking get_with_children up the parent chain.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ancestorsOf, groupIndexQuery } from '#api/group-index.ts';
import { groupQueries, isNoParent } from '#api/groups.ts';
import type { Grp } from '#schemas/grp.ts';
import { GroupName } from '#components/group-name.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { groupMessages } from './messages.ts';
import { usePrefetchGroup } from './use-prefetch-group.ts';
import styles from './group-page.module.css';

export function Breadcrumb({ group }: { group: Grp }) {
  const t = useMessages(groupMessages);
  const prefetch = usePrefetchGroup();
  // Reads the index only if the tree page already built it: never starts the 10-request walk here.
  const index = useQuery({ ...groupIndexQuery(), enabled: false });
  const fromIndex = index.data?.byId.has(group.grp_id) ? ancestorsOf(index.data, group.grp_id) : null;
  const walked = useQuery({
    ...groupQueries.ancestors(group.grp_id, group.grp_parent_id),
    enabled: fromIndex === null && !isNoParent(group.grp_parent_id),
  });
  const ancestors = fromIndex ?? walked.data ?? [];
  const loading = fromIndex === null && walked.isLoading;

  return (
    <nav aria-label={t.breadcrumb} className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to={paths.groups()}>{t.groupsTitle}</Link>
        </li>
        {loading && (
          <li>
            <span className={styles.muted}>{t.loadingAncestors}</span>
          </li>
        )}
        {ancestors.map((ancestor) => (
          <li key={ancestor.grp_id}>
            <Link
              to={paths.group(ancestor.grp_id)}
              onMouseEnter={() => prefetch(ancestor.grp_id)}
              onFocus={() => prefetch(ancestor.grp_id)}
            >
              <GroupName group={ancestor} />
            </Link>
          </li>
        ))}
        <li>
          <span aria-current="page">
            <GroupName group={group} />
          </span>
        </li>
      </ol>
    </nav>
  );
}
