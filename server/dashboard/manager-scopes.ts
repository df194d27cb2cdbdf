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

export class ManagerScopes {
  /** The last parsed index per organisation, kept while its gathering time is the same. */
  private readonly parsed = new Map<number, { gatheredAt: string | null; groups: Grp[] }>();

  constructor(
    private readonly caches: SharedCaches,
    private readonly gatherer: SharedCacheGatherer,
    private readonly lists: GroupMemberLists,
    private readonly groupMembers: GroupMembers,
  ) {}

  async of(orgId: number, accountId: number, token: string, groupIds: readonly number[]): Promise<ManagerScope> {
    const subtree = subtreeOf(await this.index(orgId, token), groupIds);
    const ids = subtree.groups.map((group) => group.grp_id);
    let members: Promise<ReadonlySet<number>> | undefined;
    return {
      orgId,
      accountId,
      rootIds: subtree.rootIds,
      groupIds: new Set(ids),
      groups: subtree.groups,
      members: () => (members ??= this.members(orgId, token, ids)),
    };
  }

  private async members(orgId: number, token: string, grpIds: readonly number[]): Promise<ReadonlySet<number>> {
    // Gathers the lists that are stale or forgotten; the fresh ones are read from the store.
    await this.lists.lists(orgId, token, grpIds);
    return this.groupMembers.memberIds(orgId, grpIds);
  }

  /** The organisation's groups, from the shared index; gathered first (and waited for) when it has none. */
  private async index(orgId: number, token: string): Promise<Grp[]> {
    const { gathered_at: gatheredAt } = await this.caches.status(orgId, 'groups');
    const kept = this.parsed.get(orgId);
    if (kept && gatheredAt !== null && kept.gatheredAt === gatheredAt) return kept.groups;
    let data = await this.caches.data(orgId, 'groups');
    if (data === null) {
      await this.gatherer.start(orgId, 'groups', token);
      data = await this.waitForIndex(orgId);
    }
    const groups = z.array(grpReadSchema).parse(JSON.parse(data));
    this.parsed.set(orgId, { gatheredAt: (await this.caches.status(orgId, 'groups')).gathered_at, groups });
    return groups;
  }

  private async waitForIndex(orgId: number): Promise<string> {
    const until = Date.now() + INDEX_WAIT_MS;
    while (Date.now() < until) {
      const status = await this.caches.status(orgId, 'groups');
      if (status.state === 'failed') throw indexUnavailable(status.error_code ?? 'the gathering failed');
      const data = status.state === 'ready' ? await this.caches.data(orgId, 'groups') : null;
      if (data !== null) return data;
      await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
    }
    throw indexUnavailable('it is still being gathered');
  }
}
