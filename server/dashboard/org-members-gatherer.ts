// The organisation's members, for its directory coverage: the portal lists no users, so every
// membership of the organisation (user_grp/get_all without criterias, every page) is read in the
// background with the caller's token (held in memory only while it runs), its progress written
// as it goes like a shared cache's (under the name `members`), and the distinct users kept.
import * as z from 'zod/mini';
import { userGrpReadSchema } from '#schemas/user-grp.ts';
import { isoTime } from './clock.ts';
import { PortalAnswerError, PortalAnswerInvalid, type PortalGateway } from './portal-gateway.ts';
import { walkList } from './portal-walk.ts';
import type { OrgMembers } from './store/org-members.ts';
import type { SharedCaches } from './store/shared-caches.ts';

const membershipSchema = z.pick(userGrpReadSchema, { user_grp_user_id: true, user_grp_grp_id: true });

export class OrgMembersGatherer {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly caches: SharedCaches,
    private readonly members: OrgMembers,
    private readonly gateway: PortalGateway,
  ) {}

  /** Starts a gathering unless one is under way (on any replica). */
  async start(orgId: number, token: string): Promise<void> {
    if (!(await this.caches.begin(orgId, 'members'))) return;
    const run = this.run(orgId, token).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Waits for the gatherings of this process (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async run(orgId: number, token: string): Promise<void> {
    const startedAt = isoTime();
    try {
      const memberships = await walkList(this.gateway, token, '/user_grp/get_all', membershipSchema, {
        onPage: (loaded, total) => this.caches.progress(orgId, 'members', loaded, total),
      });
      const groupsOf = new Map<number, number[]>();
      for (const m of memberships) {
        const groups = groupsOf.get(m.user_grp_user_id);
        if (groups) groups.push(m.user_grp_grp_id);
        else groupsOf.set(m.user_grp_user_id, [m.user_grp_grp_id]);
      }
      await this.members.replace(orgId, groupsOf, startedAt);
      await this.caches.finish(orgId, 'members', null, memberships.length);
    } catch (error) {
      const code = error instanceof PortalAnswerError ? error.code : 'internal_error';
      if (!(error instanceof PortalAnswerError)) console.error('dashboard store: gathering members failed', error);
      const details = error instanceof PortalAnswerInvalid ? [error.detail] : undefined;
      await this.caches.fail(orgId, 'members', code, details).catch((failure: unknown) => {
        console.error('dashboard store: could not record a failed gathering', failure);
      });
    }
  }
}
