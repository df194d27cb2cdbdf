// Gathers a list once for all the administrators of an organisation, in the background, with
// the caller's token (held in memory only while it runs), progress written as it goes (every
// replica shows it) and the complete list stored at the end. A failure keeps the last list.
// - groups: every page of the portal's /grp/get_all, walked with `total`.
// - products: the distinct products of every availability group (the API lists no products),
//   each fetched with /product/get/{id}, 8 at a time.
import * as z from 'zod/mini';
import { availabilityGroupReadSchema } from '#schemas/availability-group.ts';
import { grpReadSchema } from '#schemas/grp.ts';
import { productReadSchema, type Product } from '#schemas/product.ts';
import { PortalAnswerError, PortalAnswerInvalid, type PortalGateway } from './portal-gateway.ts';
import { PORTAL_PAGE_SIZE, walkList } from './portal-walk.ts';
import type { SharedCacheName, SharedCaches } from './store/shared-caches.ts';

const PRODUCT_CONCURRENCY = 8;

type Progress = (loaded: number, total: number) => Promise<void>;

export class SharedCacheGatherer {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly caches: SharedCaches,
    private readonly gateway: PortalGateway,
    private readonly pageSize = PORTAL_PAGE_SIZE,
  ) {}

  /** Starts a gathering unless one is under way (on any replica). */
  async start(orgId: number, name: SharedCacheName, token: string): Promise<void> {
    if (!(await this.caches.begin(orgId, name))) return;
    const run = this.run(orgId, name, token).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Waits for the gatherings of this process (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async run(orgId: number, name: SharedCacheName, token: string): Promise<void> {
    const progress: Progress = (loaded, total) => this.caches.progress(orgId, name, loaded, total);
    try {
      const list = name === 'groups' ? await this.groups(token, progress) : await this.products(token, progress);
      await this.caches.finish(orgId, name, JSON.stringify(list), list.length);
    } catch (error) {
      const code = error instanceof PortalAnswerError ? error.code : 'internal_error';
      if (!(error instanceof PortalAnswerError)) console.error(`dashboard store: gathering ${name} failed`, error);
      const details = error instanceof PortalAnswerInvalid ? [error.detail] : undefined;
      await this.caches.fail(orgId, name, code, details).catch((failure: unknown) => {
        console.error('dashboard store: could not record a failed gathering', failure);
      });
    }
  }

  private async groups(token: string, progress: Progress) {
    const groups = await walkList(this.gateway, token, '/grp/get_all', grpReadSchema, {
      pageSize: this.pageSize,
      onPage: progress,
    });
    return groups.sort((a, b) => a.grp_id - b.grp_id);
  }

  private async products(token: string, progress: Progress): Promise<Product[]> {
    const availability = await walkList(
      this.gateway,
      token,
      '/availability_group/get_all',
      availabilityGroupReadSchema,
      {
        pageSize: this.pageSize,
      },
    );
    const ids = [...new Set(availability.map((group) => group.availability_group_product_id))];
    const found: (Product | undefined)[] = new Array(ids.length);
    let next = 0;
    let done = 0;
    await progress(0, ids.length);
    const worker = async () => {
      while (next < ids.length) {
        const index = next++;
        const path = `/product/get/${ids[index]}`;
        const record = await this.gateway.getRecord(token, path);
        if (record !== undefined) {
          const product = z.safeParse(productReadSchema, record);
          if (!product.success) throw new PortalAnswerInvalid(`GET ${path}`, product.error, record, ['result']);
          found[index] = product.data;
        }
        done += 1;
        // Every 25 products: the progress is read by polling, and each write costs a round trip.
        if (done % 25 === 0) await progress(done, ids.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PRODUCT_CONCURRENCY, ids.length) }, worker));
    return found.filter((product): product is Product => product !== undefined);
  }
}
