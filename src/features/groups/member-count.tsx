// A group's number of members, counted when its row is on screen (use-member-counts.ts).
import { createContext, use, type ReactNode } from 'react';
import { useMemberCount, useMemberCounts } from './use-member-counts.ts';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { groupMessages } from './messages.ts';

/** "12 members", in the current language. */
export function useMemberCountLabel(): (count: number) => string {
  const t = useMessages(groupMessages);
  const formatMessage = useMessageFormat();
  return (count) => formatMessage(t.memberCount, { count });
}

/** In a tree item, after the name: the number seen, ", 12 members" heard. Nothing until counted. */
export function MemberCountBadge({ grpId, className }: { grpId: number; className?: string }) {
  const count = useMemberCount(grpId);
  const label = useMemberCountLabel();
  const format = useFormat();
  if (count === undefined) return null;
  return (
    <span className={className} title={label(count)}>
      <span aria-hidden="true">{format.number(count)}</span>
      <span className="visually-hidden">, {label(count)}</span>
    </span>
  );
}

const MemberCounts = createContext<ReadonlyMap<number, number> | undefined>(undefined);

/**
 * Counts the groups of a table page for its "Members" cells. When the counts come, only this and
 * the cells render again, not the table around them (`children` is the same element).
 */
export function MemberCountsProvider({ grpIds, children }: { grpIds: readonly number[]; children: ReactNode }) {
  const counts = useMemberCounts(grpIds);
  return <MemberCounts value={counts}>{children}</MemberCounts>;
}

/** In the groups table's "Members" column: "…" until counted. */
export function MemberCountCell({ grpId }: { grpId: number }) {
  const count = use(MemberCounts)?.get(grpId);
  const format = useFormat();
  return count === undefined ? '…' : format.number(count);
}
