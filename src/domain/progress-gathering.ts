// One gathering of a progress report: the group (and its subtree), each group's members, each
// member's takes and each product met, from the portal with at most `concurrency` requests at a
// time, every list paged through with `total` (a portal that clamps `limit` is followed page
// by page). What the cache holds since `freshSince` is used as it is; what is asked is saved as
// it comes, so a retry after a fault or a cancel asks only for what is still missing.
import * as z from 'zod/mini';
import type { Person } from '#schemas/directory.ts';
import { limiter, type Limiter } from './limiter.ts';
import { PortalRequestError, type PortalReader } from './portal-read.ts';
import { itemEnvelopeSchema, listEnvelopeReadSchema } from '#schemas/envelope.ts';
import { grpWithChildrenReadSchema } from '#schemas/grp.ts';
import { productReadSchema } from '#schemas/product.ts';
import type {
  PreviousReport,
  ProgressCounts,
  ProgressData,
  ProgressReport,
  ReportGroup,
  ReportProduct,
  ReportTake,
} from '#schemas/progress-report.ts';
import { takeReadSchema } from '#schemas/take.ts';
import { userGrpReadSchema } from '#schemas/user-grp.ts';

/** The largest page the portal documents (decisions.md); a portal answering fewer is followed. */
export const PAGE_LIMIT = 1000;

const groupEnvelope = itemEnvelopeSchema(grpWithChildrenReadSchema);
const membersPage = listEnvelopeReadSchema(z.pick(userGrpReadSchema, { user_grp_user_id: true }));
const takesPage = listEnvelopeReadSchema(takeReadSchema);
const productEnvelope = itemEnvelopeSchema(productReadSchema);

export interface CachedGroup {
  grp_id: number;
  grp_name: string;
  grp_parent_id: number | null;
  childIds: number[];
  memberIds: number[];
  /** ISO 8601 UTC. */
  gatheredAt: string;
}

export interface Cached<T> {
  value: T;
  gatheredAt: string;
}

/**
 * What was gathered, with when: the dashboard server's store (shared by its replicas and kept),
 * or the page's memory in the browser. An entry gathered before `freshSince` is not returned.
 */
export interface GatheringCache {
  group(orgId: number, grpId: number, freshSince: string | null): Promise<CachedGroup | undefined>;
  /** Returns the entry's gathered-at time. */
  saveGroup(orgId: number, group: Omit<CachedGroup, 'gatheredAt'>): Promise<string>;
  takes(
    orgId: number,
    userIds: readonly number[],
    freshSince: string | null,
  ): Promise<Map<number, Cached<ReportTake[]>>>;
  saveTakes(orgId: number, userId: number, takes: readonly ReportTake[]): Promise<string>;
  products(
    orgId: number,
    productIds: readonly number[],
    freshSince: string | null,
  ): Promise<Map<number, Cached<ReportProduct>>>;
  saveProduct(orgId: number, product: ReportProduct): Promise<string>;
}

/** A person's name, identifier and e-mail, as a directory knows them. */
export type KnownPerson = Pick<Person, 'user_id' | 'firstname' | 'lastname' | 'user_organisation_identifier' | 'email'>;

export interface GatheringDeps {
  read: PortalReader;
  cache: GatheringCache;
  /** The people a directory knows among these user ids (at most 500 at a time). */
  people: (orgId: number, userIds: readonly number[]) => Promise<KnownPerson[]>;
  concurrency: number;
  /**
   * Keeps the figures of a report just gathered and answers those of the report before it (the
   * dashboard server's store). `askedPortal`: some of its data is new from the portal. Absent
   * in the browser, which keeps nothing.
   */
  remember?: (key: GatheringKey, data: ProgressData, askedPortal: boolean) => Promise<PreviousReport | null>;
}

const isoTime = (ms: number) => new Date(ms).toISOString();

export interface GatheringKey {
  orgId: number;
  grpId: number;
  includeSubgroups: boolean;
}

/** The gathering stopped (cancel, or another request failed): not a fault of its own. */
class Stopped extends Error {}

/**
 * Like Promise.all, but waits for every task before failing: requests in flight when another
 * fails still finish and are kept in the cache for the retry. The fault, not a Stopped, is thrown.
 */
async function allSettled<T>(tasks: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(tasks);
  const failures: unknown[] = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  if (failures.length > 0) throw failures.find((reason) => !(reason instanceof Stopped)) ?? failures[0];
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

export class Gathering {
  state: ProgressReport['state'] = 'gathering';
  readonly startedAt = Date.now();
  finishedAt: number | null = null;
  failure: PortalRequestError | null = null;
  data: ProgressData | null = null;
  previous: PreviousReport | null = null;
  private oldest: string | null = null;
  private fromCache = false;
  private readonly counts = {
    requests_done: 0,
    requests_total: 0,
    users_done: 0,
    users_total: 0,
    products_done: 0,
    products_total: 0,
  };
  private readonly limit: Limiter;
  private stopped = false;
  private root: Promise<CachedGroup> | undefined;

  constructor(
    readonly key: GatheringKey,
    /** Cache entries gathered before this are asked again (a refresh); null: any age. */
    readonly freshSince: string | null,
    private readonly token: string,
    private readonly deps: GatheringDeps,
  ) {
    this.limit = limiter(deps.concurrency);
  }

  /** The root group, from the cache or the portal; a PortalRequestError (404) when there is none. */
  rootGroup(): Promise<CachedGroup> {
    return (this.root ??= this.group(this.key.grpId));
  }

  async run(): Promise<void> {
    try {
      const groups = await this.groups();
      const members = new Map<number, number[]>();
      for (const group of groups) {
        for (const userId of group.memberIds) members.set(userId, [...(members.get(userId) ?? []), group.grp_id]);
      }
      const userIds = [...members.keys()].sort((a, b) => a - b);
      const takes = await this.takes(userIds);
      const productIds = [...new Set(takes.map((t) => t.product_id))].sort((a, b) => a - b);
      const products = await this.products(productIds);
      const people = await this.names(userIds);
      const reportGroups: ReportGroup[] = groups.map(({ grp_id, grp_name, grp_parent_id }) => ({
        grp_id,
        grp_name,
        grp_parent_id,
      }));
      const [root] = reportGroups;
      if (!root || this.stopped) return;
      this.data = {
        group: root,
        groups: reportGroups,
        members: userIds.map((userId) => {
          const person = people.get(userId);
          return {
            user_id: userId,
            grp_ids: members.get(userId) ?? [],
            firstname: person?.firstname ?? null,
            lastname: person?.lastname ?? null,
            user_organisation_identifier: person?.user_organisation_identifier ?? null,
            email: person?.email ?? null,
          };
        }),
        products,
        takes,
      };
      // Before it reads ready: a ready report says what changed since the previous one.
      this.previous = (await this.deps.remember?.(this.key, this.data, this.counts.requests_done > 0)) ?? null;
      this.finish('ready');
    } catch (error) {
      if (error instanceof Stopped) return;
      this.stopped = true;
      this.failure =
        error instanceof PortalRequestError
          ? error
          : new PortalRequestError('(the report cache)', 500, 'store_error', 'The report cache failed.');
      if (!(error instanceof PortalRequestError)) console.error('progress report: gathering failed', error);
      this.finish('failed');
    }
  }

  /** The directory's people among these members, asked 500 at a time (bound parameters). */
  private async names(userIds: number[]) {
    const people = new Map<number, KnownPerson>();
    for (let i = 0; i < userIds.length; i += 500) {
      for (const person of await this.deps.people(this.key.orgId, userIds.slice(i, i + 500))) {
        people.set(person.user_id, person);
      }
    }
    return people;
  }

  cancel(): void {
    if (this.state !== 'gathering') return;
    this.stopped = true;
    this.finish('cancelled');
  }

  report(): ProgressReport {
    const elapsed = (this.finishedAt ?? Date.now()) - this.startedAt;
    const { requests_done, requests_total } = this.counts;
    const left = requests_total - requests_done;
    const progress: ProgressCounts = {
      ...this.counts,
      estimate_seconds:
        this.state === 'gathering' && requests_done > 0
          ? Math.round((left * elapsed) / requests_done / 100) / 10
          : null,
    };
    return {
      grp_id: this.key.grpId,
      include_subgroups: this.key.includeSubgroups,
      state: this.state,
      started_at: isoTime(this.startedAt),
      finished_at: this.finishedAt === null ? null : isoTime(this.finishedAt),
      data_gathered_at: this.oldest,
      from_cache: this.fromCache,
      progress,
      failure: this.failure
        ? {
            request: this.failure.request,
            code: this.failure.code,
            message: this.failure.message,
            ...(this.failure.details ? { details: this.failure.details } : {}),
          }
        : null,
      data: this.state === 'ready' ? this.data : null,
      previous: this.state === 'ready' ? this.previous : null,
    };
  }

  private finish(state: ProgressReport['state']): void {
    if (this.state !== 'gathering') return;
    this.state = state;
    this.finishedAt = Date.now();
  }

  /** Remembers the oldest data the report shows, and whether some came from the cache. */
  private used(gatheredAt: string, cached: boolean): void {
    if (this.oldest === null || gatheredAt < this.oldest) this.oldest = gatheredAt;
    if (cached) this.fromCache = true;
  }

  /** One portal request through the limiter; none once the gathering stopped. */
  private ask<S extends z.ZodMiniType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown) {
    this.counts.requests_total += 1;
    return this.limit(async () => {
      if (this.stopped) throw new Stopped();
      try {
        const answer = await this.deps.read(this.token, { method, path, schema, body });
        this.counts.requests_done += 1;
        return answer;
      } catch (error) {
        // No new request after a fault; those in flight finish (allSettled).
        this.stopped = true;
        throw error;
      }
    });
  }

  /** Every record of a list: a first page, then the rest at the page size the portal answered. */
  private async allPages<R>(
    path: string,
    schema: z.ZodMiniType<{ total: number; result: R[] }>,
    criterias: unknown[] = [],
  ): Promise<R[]> {
    const first = await this.ask('POST', path, schema, { start: 0, limit: PAGE_LIMIT, criterias });
    const size = first.result.length;
    if (size === 0 || size >= first.total) return first.result;
    const starts: number[] = [];
    for (let start = size; start < first.total; start += size) starts.push(start);
    const rest = await allSettled(
      starts.map((start) => this.ask('POST', path, schema, { start, limit: size, criterias })),
    );
    return [first.result, ...rest.map((page) => page.result)].flat();
  }

  private async group(grpId: number): Promise<CachedGroup> {
    const cached = await this.deps.cache.group(this.key.orgId, grpId, this.freshSince);
    if (cached) {
      this.used(cached.gatheredAt, true);
      return cached;
    }
    const groupAnswer = this.ask('GET', `/grp/get_with_children/${grpId}`, groupEnvelope);
    const membersAnswer = this.allPages('/user_grp/get_all', membersPage, [
      { column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) },
    ]);
    await allSettled<unknown>([groupAnswer, membersAnswer]);
    const [answer, memberships] = [await groupAnswer, await membersAnswer];
    const group = {
      grp_id: answer.result.grp_id,
      grp_name: answer.result.grp_name,
      grp_parent_id: answer.result.grp_parent_id,
      childIds: answer.result.children.map((child) => child.grp_id),
      memberIds: [...new Set(memberships.map((m) => m.user_grp_user_id))],
    };
    const gatheredAt = await this.deps.cache.saveGroup(this.key.orgId, group);
    this.used(gatheredAt, false);
    return { ...group, gatheredAt };
  }

  /** The group, then level by level its subgroups (each group once, whatever the parents say). */
  private async groups(): Promise<CachedGroup[]> {
    const root = await this.rootGroup();
    if (!this.key.includeSubgroups) return [root];
    const all = [root];
    const seen = new Set([root.grp_id]);
    let level = [root];
    while (level.length > 0) {
      const next = level.flatMap((g) => g.childIds).filter((id) => !seen.has(id) && seen.add(id));
      level = await allSettled(next.map((id) => this.group(id)));
      all.push(...level);
    }
    return all;
  }

  private async takes(userIds: number[]): Promise<ReportTake[]> {
    this.counts.users_total = userIds.length;
    const cached = await this.deps.cache.takes(this.key.orgId, userIds, this.freshSince);
    const missing = userIds.filter((id) => !cached.has(id));
    for (const entry of cached.values()) this.used(entry.gatheredAt, true);
    this.counts.users_done = cached.size;
    const fetched = await allSettled(
      missing.map(async (userId) => {
        const takes = await this.userTakes(userId);
        this.used(await this.deps.cache.saveTakes(this.key.orgId, userId, takes), false);
        this.counts.users_done += 1;
        return takes;
      }),
    );
    return [...[...cached.values()].flatMap((entry) => entry.value), ...fetched.flat()].sort(
      (a, b) => a.user_id - b.user_id || a.take_id - b.take_id,
    );
  }

  private async userTakes(userId: number): Promise<ReportTake[]> {
    try {
      const takes = await this.allPages(`/take/get_all_for_user/${userId}`, takesPage);
      return takes.map((t) => ({
        take_id: t.take_id,
        user_id: userId,
        product_id: t.take_product_id,
        score: t.take_score,
        started: t.take_started_date,
        completed: t.take_completed_date,
      }));
    } catch (error) {
      // A member the portal no longer has: no takes, not a fault.
      if (error instanceof PortalRequestError && error.status === 404 && error.code === 'not_found') return [];
      throw error;
    }
  }

  private async products(productIds: number[]): Promise<ReportProduct[]> {
    this.counts.products_total = productIds.length;
    const cached = await this.deps.cache.products(this.key.orgId, productIds, this.freshSince);
    for (const entry of cached.values()) this.used(entry.gatheredAt, true);
    this.counts.products_done = cached.size;
    const fetched = await allSettled(
      productIds
        .filter((id) => !cached.has(id))
        .map(async (productId) => {
          const product = await this.product(productId);
          this.used(await this.deps.cache.saveProduct(this.key.orgId, product), false);
          this.counts.products_done += 1;
          return product;
        }),
    );
    return [...[...cached.values()].map((entry) => entry.value), ...fetched].sort(
      (a, b) => a.product_id - b.product_id,
    );
  }

  private async product(productId: number): Promise<ReportProduct> {
    try {
      const { result } = await this.ask('GET', `/product/get/${productId}`, productEnvelope);
      return {
        product_id: productId,
        title: result.product_i18n_title ?? null,
        type: result.product_type_id ?? null,
        status: result.product_status ?? null,
        min_score: result.product_min_score ?? null,
      };
    } catch (error) {
      // A product deleted since the take: shown by its id.
      if (error instanceof PortalRequestError && error.status === 404 && error.code === 'not_found') {
        return { product_id: productId, title: null, type: null, status: null, min_score: null };
      }
      throw error;
    }
  }
}
