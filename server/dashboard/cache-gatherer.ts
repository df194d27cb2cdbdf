// Gathers the group index of an organisation once for all its administrators: every page of the
// portal's /grp/get_all, walked with `total`, with the caller's token (held in memory only while
// it runs), progress written after each page, and the complete list stored at the end. A failure
// keeps the last complete list served.
import * as z from 'zod/mini';
import { grpSchema, type Grp } from '../../src/api/schemas/grp.ts';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';
import type { SharedCaches } from './store/shared-caches.ts';

const groupsSchema = z.array(grpSchema);
/** The portal server's largest page: 10 requests for 10,000 groups. */
const PAGE_SIZE = 1000;

export class GroupIndexGatherer {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly caches: SharedCaches,
    private readonly gateway: PortalGateway,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  /** Starts a gathering unless one is under way (on any replica). */
  async start(orgId: number, token: string): Promise<void> {
    if (!(await this.caches.begin(orgId, 'groups'))) return;
    const run = this.gather(orgId, token).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Waits for the gatherings of this process (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async gather(orgId: number, token: string): Promise<void> {
    try {
      const groups: Grp[] = [];
      let total = Infinity;
      while (groups.length < total) {
        const page = await this.gateway.listPage(token, '/grp/get_all', groups.length, this.pageSize);
        const records = z.safeParse(groupsSchema, page.result);
        if (!records.success)
          throw new PortalAnswerError(502, 'portal_contract', 'The portal sent groups in an unexpected shape.');
        if (records.data.length === 0) break;
        total = page.total;
        groups.push(...records.data);
        await this.caches.progress(orgId, 'groups', groups.length, total);
      }
      groups.sort((a, b) => a.grp_id - b.grp_id);
      await this.caches.finish(orgId, 'groups', JSON.stringify(groups), groups.length);
    } catch (error) {
      const code = error instanceof PortalAnswerError ? error.code : 'internal_error';
      if (!(error instanceof PortalAnswerError))
        console.error('dashboard store: gathering the group index failed', error);
      await this.caches.fail(orgId, 'groups', code).catch((failure: unknown) => {
        console.error('dashboard store: could not record a failed gathering', failure);
      });
    }
  }
}
