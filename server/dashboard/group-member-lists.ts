// A group's members and direct children, from the store while fresh, else from the portal with
// the caller's token: `grp/get_with_children/{id}` (404: no such group in the caller's
// organisation), then every page of `user_grp/get_all` for the group. A few groups at a time;
// each list is kept for every administrator of the organisation, with the group's member count.
import * as z from 'zod/mini';
import { grpWithChildrenReadSchema } from '#schemas/grp.ts';
import { userGrpReadSchema } from '#schemas/user-grp.ts';
import { limiter } from '#domain/limiter.ts';
import { PortalError } from '../portal/errors.ts';
import { isoTime } from './clock.ts';
import { PortalAnswerInvalid, type PortalGateway } from './portal-gateway.ts';
import { walkList } from './portal-walk.ts';
import type { GatheredList, GroupMembers } from './store/group-members.ts';
import type { MemberCounts } from './store/member-counts.ts';

/** Portal requests at a time for one answer (as member counts). */
const GATHER_CONCURRENCY = 6;

/** A group the organisation does not have (the scope checks answer a manager's group outside their subtrees with it). */
export const noSuchGroup = (grpId: number) =>
  new PortalError(404, 'not_found', `There is no group ${grpId} in your organisation.`);

export class GroupMemberLists {
  /** Gatherings under way in this process: a page's members and coverage asked at once share one. */
  private readonly gathering = new Map<string, Promise<GatheredList>>();

  constructor(
    private readonly store: GroupMembers,
    private readonly gateway: PortalGateway,
    private readonly counts: MemberCounts,
    /** How long a gathered list is served (the member counts' age). */
    private readonly maxAgeMs: number,
  ) {}

  /** The lists of these groups, in the order asked; 404 not_found when one is not the organisation's. */
  async lists(orgId: number, token: string, grpIds: readonly number[]): Promise<GatheredList[]> {
    const known = await this.store.fresh(orgId, grpIds, isoTime(Date.now() - this.maxAgeMs));
    const inTurn = limiter(GATHER_CONCURRENCY);
    return Promise.all(
      grpIds.map(
        (grpId) => known.get(grpId) ?? this.shared(orgId, grpId, () => inTurn(() => this.gather(orgId, token, grpId))),
      ),
    );
  }

  /**
   * The group and every group below it, level by level (each group once, whatever the parents
   * say); 400 too_many_groups past `maxGroups`.
   */
  async subtree(orgId: number, token: string, grpId: number, maxGroups: number): Promise<GatheredList[]> {
    const all = await this.lists(orgId, token, [grpId]);
    const seen = new Set([grpId]);
    let level = all;
    while (level.length > 0) {
      const next = level.flatMap((list) => list.childIds).filter((id) => !seen.has(id) && seen.add(id));
      if (seen.size > maxGroups) {
        throw new PortalError(
          400,
          'too_many_groups',
          `Group ${grpId} has more than ${maxGroups} groups with its subgroups. Ask for the group alone, or for the whole organisation (GET /people/coverage).`,
        );
      }
      level = await this.lists(orgId, token, next);
      all.push(...level);
    }
    return all;
  }

  private shared(orgId: number, grpId: number, gather: () => Promise<GatheredList>): Promise<GatheredList> {
    const key = `${orgId}:${grpId}`;
    let running = this.gathering.get(key);
    if (!running) {
      running = gather().finally(() => this.gathering.delete(key));
      this.gathering.set(key, running);
    }
    return running;
  }

  private async gather(orgId: number, token: string, grpId: number): Promise<GatheredList> {
    // Before the first request: a member added through the server after it may be missing.
    const askedAt = isoTime();
    const path = `/grp/get_with_children/${grpId}`;
    const record = await this.gateway.getRecord(token, path);
    if (record === undefined) throw noSuchGroup(grpId);
    const group = z.safeParse(grpWithChildrenReadSchema, record);
    if (!group.success) throw new PortalAnswerInvalid(`GET ${path}`, group.error, record, ['result']);
    const memberships = await walkList(this.gateway, token, '/user_grp/get_all', userGrpReadSchema, {
      criterias: [{ column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) }],
    });
    const list = await this.store.replace(
      orgId,
      grpId,
      group.data.children.map((child) => child.grp_id),
      memberships.map((m) => ({
        user_id: m.user_grp_user_id,
        membership_id: m.user_grp_id,
        group_admin: m.user_grp_group_admin,
        member_since: m.user_grp_created_date,
      })),
      askedAt,
    );
    if (list.kept) await this.counts.save(orgId, [{ grp_id: grpId, members: list.members, counted_at: askedAt }]);
    return list;
  }
}
