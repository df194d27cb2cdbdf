// What the membership pages (add, import) need first, asked for before they render
// (src/app/first-load.ts): the group preset by `?grp=`, and the index the group picker searches.
import type { QueryClient } from '@tanstack/react-query';
import { groupIndexQuery } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import { parseRecordId } from '#lib/record-id.ts';

export function startMembershipPage(queryClient: QueryClient, search: URLSearchParams): void {
  const presetGroupId = parseRecordId(search.get('grp'));
  if (presetGroupId !== null) void queryClient.prefetchQuery(groupQueries.children(presetGroupId));
  void queryClient.prefetchQuery(groupIndexQuery());
}
