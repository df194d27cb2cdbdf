// Progress reports without the dashboard server (static hosting): the browser gathers the same
// data from the portal with the same Gathering as the server, 8 requests at a time, and keeps
// it in the page's memory only: a retry or a cancel then a restart asks only for what is
// missing; leaving the page (or reloading it) forgets everything.
import { apiRequest } from '#api/client.ts';
import { PORTAL_ANSWER_INVALID, isApiError } from '#api/errors.ts';
import { knownUser } from '#api/known-users.ts';
import { PortalRequestError, type PortalReader } from '#domain/portal-read.ts';
import { Gathering, type Cached, type CachedGroup, type GatheringCache } from '#domain/progress-gathering.ts';
import type { ReportKey } from '#api/progress-report.ts';
import type { ProgressReport, ReportProduct, ReportTake } from '#schemas/progress-report.ts';

/** The dashboard server's default (DASHBOARD_REPORT_CONCURRENCY): a browser is one more client. */
const CONCURRENCY = 8;

/** Through the dashboard's API client (token, timeout, retries); a failure names its request. */
const read: PortalReader = async (_token, { method, path, body, schema }) => {
  const request = `${method} ${path}`;
  try {
    return await apiRequest({ method, path, endpoint: request, body, schema });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // An answer that broke the schemas: the same failure the dashboard server reports for it.
    if (error.isAnswerInvalid && error.field && error.problem) {
      const details = [{ request, field: error.field, problem: error.problem }];
      throw new PortalRequestError(request, 502, PORTAL_ANSWER_INVALID, error.message, { cause: error, details });
    }
    const code = error.code ?? (error.kind === 'network' ? 'portal_unreachable' : error.kind);
    const message = error.serverMessage ?? error.message;
    throw new PortalRequestError(request, error.status ?? 502, code, message, { cause: error });
  }
};

const now = () => new Date().toISOString();
const fresh = <T>(entry: Cached<T> | undefined, since: string | null) =>
  entry && (since === null || entry.gatheredAt >= since) ? entry : undefined;

/** The page's memory: one organisation (the signed-in one), so keys need no organisation. */
class MemoryCache implements GatheringCache {
  private readonly groups = new Map<number, CachedGroup>();
  private readonly userTakes = new Map<number, Cached<ReportTake[]>>();
  private readonly productRecords = new Map<number, Cached<ReportProduct>>();

  async group(_orgId: number, grpId: number, freshSince: string | null) {
    const group = this.groups.get(grpId);
    return group && (freshSince === null || group.gatheredAt >= freshSince) ? group : undefined;
  }
  async saveGroup(_orgId: number, group: Omit<CachedGroup, 'gatheredAt'>) {
    const gatheredAt = now();
    this.groups.set(group.grp_id, { ...group, gatheredAt });
    return gatheredAt;
  }
  async takes(_orgId: number, userIds: readonly number[], freshSince: string | null) {
    return pick(this.userTakes, userIds, freshSince);
  }
  async saveTakes(_orgId: number, userId: number, takes: readonly ReportTake[]) {
    const gatheredAt = now();
    this.userTakes.set(userId, { value: [...takes], gatheredAt });
    return gatheredAt;
  }
  async products(_orgId: number, productIds: readonly number[], freshSince: string | null) {
    return pick(this.productRecords, productIds, freshSince);
  }
  async saveProduct(_orgId: number, product: ReportProduct) {
    const gatheredAt = now();
    this.productRecords.set(product.product_id, { value: product, gatheredAt });
    return gatheredAt;
  }
}

function pick<T>(entries: Map<number, Cached<T>>, ids: readonly number[], since: string | null) {
  const found = new Map<number, Cached<T>>();
  for (const id of ids) {
    const entry = fresh(entries.get(id), since);
    if (entry) found.set(id, entry);
  }
  return found;
}

/**
 * The reports of one page: start (or join the one under way), read, cancel. `report()` of a
 * gathering is a snapshot; the page polls it as it polls the server.
 */
export class BrowserReports {
  private readonly cache = new MemoryCache();
  private readonly gatherings = new Map<string, Gathering>();

  async start(key: ReportKey, refresh: boolean): Promise<ProgressReport> {
    const id = `${key.grpId}:${key.includeSubgroups ? 1 : 0}`;
    const previous = this.gatherings.get(id);
    if (previous?.state === 'gathering') return previous.report();
    // As on the server: a retry after a fault or a cancel keeps what that gathering asked.
    const retried = previous && (previous.state === 'failed' || previous.state === 'cancelled');
    const gathering = new Gathering(
      // The organisation scopes the server's store; the page's memory holds one organisation.
      { orgId: 0, grpId: key.grpId, includeSubgroups: key.includeSubgroups },
      refresh ? now() : retried ? previous.freshSince : null,
      '',
      {
        read,
        cache: this.cache,
        // Names the session has met (the directory, with the e-mails, is on the dashboard server).
        people: async (_orgId, userIds) =>
          userIds.flatMap((id) => {
            const user = knownUser(id);
            return user ? [{ ...user, email: null }] : [];
          }),
        concurrency: CONCURRENCY,
      },
    );
    this.gatherings.set(id, gathering);
    void gathering.run();
    // The root group first: a group that does not exist fails the start with the API's own error.
    try {
      await gathering.rootGroup();
    } catch (error) {
      throw error instanceof PortalRequestError && isApiError(error.cause) ? error.cause : error;
    }
    return gathering.report();
  }

  read(key: ReportKey): ProgressReport | undefined {
    return this.gatherings.get(`${key.grpId}:${key.includeSubgroups ? 1 : 0}`)?.report();
  }

  cancel(key: ReportKey): ProgressReport | undefined {
    const gathering = this.gatherings.get(`${key.grpId}:${key.includeSubgroups ? 1 : 0}`);
    gathering?.cancel();
    return gathering?.report();
  }

  /** Leaving the page: nothing more is asked. */
  stop(): void {
    for (const gathering of this.gatherings.values()) gathering.cancel();
  }
}
