// How a group is named on screen: its name, or "Group 8" when the portal gave it an empty one
// (a blank heading, breadcrumb or tree item would name nothing). Shared by every feature.
import type { Grp } from '#schemas/grp.ts';
import { fill, useMessages } from '#lib/i18n.tsx';
import { componentMessages } from './messages.ts';
import { PortalText } from './portal-text.tsx';

type Named = Pick<Grp, 'grp_id' | 'grp_name'>;

export function groupLabel(group: Named, t: Pick<(typeof componentMessages)['en'], 'groupFallback'>): string {
  return group.grp_name.trim() === '' ? fill(t.groupFallback, { id: group.grp_id }) : group.grp_name;
}

/** `groupLabel` in the current language, for attributes and sentences. */
export function useGroupLabel(): (group: Named) => string {
  const t = useMessages(componentMessages);
  return (group) => groupLabel(group, t);
}

/** A group's name as isolated portal text. */
export function GroupName({ group, className }: { group: Named; className?: string }) {
  const label = useGroupLabel();
  return <PortalText className={className}>{label(group)}</PortalText>;
}
