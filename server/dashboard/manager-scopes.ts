// Builds a group manager's scope (server/accounts/scope/manager-scope.ts) for a request: the
// subtrees from the organisation's shared group index (gathered first when there is none yet),
// and, when a route asks, the members of those groups from their gathered member lists (asked of
// the portal again when older than the member counts' age, or forgotten by a membership added).
import * as z from 'zod/mini';
import { grpReadSchema, type Grp } from '#schemas/grp.ts';
import { subtreeOf, type ManagerScope } from '../accounts/scope/manager-scope.ts';
import { PortalError } from '../portal/errors.ts';
import type { SharedCacheGatherer } from './cache-gatherer.ts';
import type { GroupMemberLists } from './group-member-lists.ts';
import type { GroupMembers } from './store/group-members.ts';
import type { SharedCaches } from './store/shared-caches.ts';

/** How long a request waits for a first gathering of the group index before answering 503. */
const INDEX_WAIT_MS = 60_000;
const INDEX_POLL_MS = 100;

const indexUnavailable = (why: string) =>
  new PortalError(503, 'group_index_unavailable', `Your groups could not be listed (${why}). Try again in a moment.`);

type Subtree = ReturnType<typeof subtreeOf> & { ids: ReadonlySet<number> };

interface ParsedIndex {
  gatheredAt: string | null;
  groups: Grp[];
  /** The subtrees worked out from it, by their sorted root ids ("3,9"). */
  subtrees: Map<string, Subtree>;
}

export class ManagerScopes {
  /** The last parsed index per organisation, kept while its gathering time is the same. */
  private readonly parsed = new Map<number, ParsedIndex>();

  constructor(
    private readonly caches: SharedCaches,
    private readonly gatherer: SharedCacheGatherer,
    private readonly lists: GroupMemberLists,
    private readonly groupMembers: GroupMembers,
  ) {}

  async of(orgId: number, accountId: number, token: string, groupIds: readonly number[]): Promise<ManagerScope> {
    const { rootIds, groups, ids } = await this.subtree(orgId, token, groupIds);
    let members: Promise<ReadonlySet<number>> | undefined;
    return {
      orgId,
      accountId,
      rootIds,
      groupIds: ids,
      groups,
      members: () =>
        (members ??= this.members(
          orgId,
          token,
          groups.map((group) => group.grp_id),
        )),
    };
  }

  /** The subtrees of these groups, worked out once per gathering of the index (not on every request). */
  private async subtree(orgId: number, token: string, groupIds: readonly number[]): Promise<Subtree> {
    const index = await this.index(orgId, token);
    const key = [...new Set(groupIds)].sort((a, b) => a - b).join(',');
    let subtree = index.subtrees.get(key);
    if (!subtree) {
      const found = subtreeOf(index.groups, groupIds);
      subtree = { ...found, ids: new Set(found.groups.map((group) => group.grp_id)) };
      index.subtrees.set(key, subtree);
    }
    return subtree;
  }

  private async members(orgId: number, token: string, grpIds: readonly number[]): Promise<ReadonlySet<number>> {
    // Gathers the lists that are stale or forgotten; the fresh ones are read from the store.
    await this.lists.lists(orgId, token, grpIds);
    return this.groupMembers.memberIds(orgId, grpIds);
  }

  /** The organisation's groups, from the shared index; gathered first (and waited for) when it has none. */
  private async index(orgId: number, token: string): Promise<ParsedIndex> {
    let { gathered_at: gatheredAt } = await this.caches.status(orgId, 'groups');
    const kept = this.parsed.get(orgId);
    if (kept && gatheredAt !== null && kept.gatheredAt === gatheredAt) return kept;
    let data = await this.caches.data(orgId, 'groups');
    if (data === null) {
      await this.gatherer.start(orgId, 'groups', token);
      ({ data, gatheredAt } = await this.waitForIndex(orgId));
    }
    // Kept under the time read before the data: a gathering that ended in between is read again
    // at the next request, never the older list under the newer time.
    const parsed = { gatheredAt, groups: z.array(grpReadSchema).parse(JSON.parse(data)), subtrees: new Map() };
    this.parsed.set(orgId, parsed);
    return parsed;
  }

  private async waitForIndex(orgId: number): Promise<{ data: string; gatheredAt: string | null }> {
    const until = Date.now() + INDEX_WAIT_MS;
    while (Date.now() < until) {
      const status = await this.caches.status(orgId, 'groups');
      if (status.state === 'failed') throw indexUnavailable(status.error_code ?? 'the gathering failed');
      const data = status.state === 'ready' ? await this.caches.data(orgId, 'groups') : null;
      if (data !== null) return { data, gatheredAt: status.gathered_at };
      await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
    }
    throw indexUnavailable('it is still being gathered');
  }
}
