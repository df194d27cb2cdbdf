// How many members a group has, for the groups on screen. With the dashboard server: one
// request for all the groups a render asks for in the same moment (batched below), answered from
// the organisation's shared cache. Without it (a static host): the portal's user_grp/get_all
// with limit 1, whose `total` is the count, one request per group. A tree item asks for its own
// group; a table page asks for its rows' groups in one query (one observer instead of one per
// row: fifty observers, their timers and re-renders cost the groups table more than its rows).
import { queryOptions } from '@tanstack/react-query';
import { create, windowedFiniteBatchScheduler } from '@yornaath/batshit';
import * as z from 'zod/mini';
import { apiRequest } from './client.ts';
import { fetchMemberships, membershipQueries } from './memberships.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { memberCountSchema, type MemberCount } from './schemas/member-counts.ts';

/** The server's limit per request. */
const MAX_BATCH = 100;

export async function fetchMemberCounts(grpIds: readonly number[], signal?: AbortSignal) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: '/groups/member-counts',
    endpoint: 'POST /dashboard-api/groups/member-counts',
    body: { grp_ids: grpIds },
    schema: itemEnvelopeSchema(z.array(memberCountSchema)),
    signal,
  });
  return body.result;
}

export async function fetchMemberCountFromPortal(grpId: number, signal?: AbortSignal): Promise<number> {
  const page = await fetchMemberships({ start: 0, limit: 1, filters: { user_grp_grp_id: String(grpId) } }, signal);
  return page.total;
}

/**
 * Every count asked for in the same task goes in one POST (at most MAX_BATCH ids each): a tree
 * asks for its items' counts one item at a time. The same batching library as the directory's
 * names (directory.ts). A group the answer leaves out fails alone.
 */
const countBatcher = create({
  fetcher: (grpIds: number[]) => fetchMemberCounts(grpIds),
  resolver: (counts: MemberCount[], grpId: number) => {
    const count = counts.find((c) => c.grp_id === grpId);
    if (!count) throw new Error(`No member count for group ${grpId}.`);
    return count.members;
  },
  scheduler: windowedFiniteBatchScheduler({ windowMs: 0, maxBatchSize: MAX_BATCH }),
});

/** One group's count from the dashboard server, sent with the others asked for in this task. */
const countFromServer = (grpId: number): Promise<number> => countBatcher.fetch(grpId);

export const memberCountQueries = {
  // Under the memberships' key: what invalidates memberships after an add invalidates counts too.
  all: () => [...membershipQueries.all(), 'count'] as const,
  count: (grpId: number, viaServer: boolean) =>
    queryOptions({
      queryKey: [...memberCountQueries.all(), grpId, viaServer ? 'server' : 'portal'] as const,
      queryFn: ({ signal }) => (viaServer ? countFromServer(grpId) : fetchMemberCountFromPortal(grpId, signal)),
      // Counts change rarely; the server keeps its own for 10 minutes.
      staleTime: 5 * 60_000,
      retry: 1,
    }),
  /** The counts of a page of groups, by group id; a group whose count failed is left out. */
  groups: (grpIds: readonly number[], viaServer: boolean) =>
    queryOptions({
      queryKey: [...memberCountQueries.all(), 'groups', grpIds, viaServer ? 'server' : 'portal'] as const,
      queryFn: async ({ signal }) => {
        const settled = await Promise.allSettled(
          grpIds.map(async (grpId) => {
            const count = viaServer ? await countFromServer(grpId) : await fetchMemberCountFromPortal(grpId, signal);
            return [grpId, count] as const;
          }),
        );
        const counts = new Map(settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
        // Nothing counted: an error (retried once), not a page of "…".
        const failure = settled.find((result) => result.status === 'rejected');
        if (counts.size === 0 && failure) throw failure.reason;
        return counts;
      },
      staleTime: 5 * 60_000,
      retry: 1,
    }),
};
