// The dashboard server's own endpoints (mounted at /dashboard-api), and the pass-through
// recorders for /api: everything the production server needs from server/dashboard.
import { Hono, type MiddlewareHandler } from 'hono';
import { turnScheduler } from '../portal/turns.ts';
import { bodyLimit } from 'hono/body-limit';
import { FailedAttempts } from '../portal/failed-attempts.ts';
import { refuseDeclaredOversize, tooLarge } from '../portal/request-body.ts';
import { requestHeader } from '../portal/node-http.ts';
import { errorBody } from '../portal/errors.ts';
import { apiTokens } from './api-tokens.ts';
import { dashboardErrors, requireOrg, type DashboardEnv } from './http.ts';
import { openApiDocument } from './openapi.ts';
import { MembershipOutbox, type OutboxOptions } from './membership-outbox.ts';
import { learnUsers, recordMemberships } from './pass-through.ts';
import type { PortalGateway } from './portal-gateway.ts';
import { JobEngine, type JobEngineOptions } from './jobs/job-engine.ts';
import { lookupStart } from './jobs/job-start.ts';
import { identifierRows } from './jobs/lookup-input.ts';
import { TokenVault } from './jobs/token-vault.ts';
import { cacheRoutes } from './routes/caches.ts';
import { MAX_JOB_BODY_BYTES, jobRoutes } from './routes/jobs.ts';
import { coverageRoutes } from './routes/coverage.ts';
import { groupMemberRoutes } from './routes/group-members.ts';
import { settingsRoutes } from './routes/settings.ts';
import { groupRoutes } from './routes/groups.ts';
import { historyRoutes } from './routes/history.ts';
import { peopleRoutes } from './routes/people.ts';
import { progressRoutes } from './routes/progress.ts';
import { ProgressReports } from './progress/progress-reports.ts';
import type { PortalReader } from '#domain/portal-read.ts';
import { ProgressCache } from './store/progress-cache.ts';
import { ReportSnapshots } from './store/report-snapshots.ts';
import { statusRoute } from './routes/status.ts';
import type { DashboardStore } from './store/connection.ts';
import { Directory } from './store/directory.ts';
import { DirectoryAges } from './store/directory-ages.ts';
import { GroupMembers } from './store/group-members.ts';
import { OrgMembers } from './store/org-members.ts';
import { OrgSettings } from './store/org-settings.ts';
import { DirectoryRefresher, type RefreshOptions } from './directory-refresh.ts';
import { ManagerScopes } from './manager-scopes.ts';
import { GroupMemberLists } from './group-member-lists.ts';
import { OrgMembersGatherer } from './org-members-gatherer.ts';
import { History } from './store/history.ts';
import { Jobs } from './store/jobs.ts';
import { PeopleMatch } from './store/people-match.ts';
import { MemberCounts } from './store/member-counts.ts';
import { OutboxStore } from './store/outbox.ts';
import { SharedCaches } from './store/shared-caches.ts';
import { SharedCacheGatherer } from './cache-gatherer.ts';
import { TokenCheck, tokenFrom } from './token-check.ts';
import { randomBytes } from 'node:crypto';
import { MAX_JOB_ROWS } from '#schemas/jobs.ts';

export const DASHBOARD_API_PREFIX = '/dashboard-api';
/**
 * How long a group's member count is served from the store. A member added through this server
 * clears it at once; one added elsewhere (the portal's own screens) shows within this time.
 */
export const MEMBER_COUNT_MAX_AGE_MS = 10 * 60_000;

export interface DashboardServer {
  /** Mount at DASHBOARD_API_PREFIX. */
  api: Hono<DashboardEnv>;
  /** Middleware for `/api/user/get_by_organisation_identifier/*`, before the portal's routes. */
  learnUsers: MiddlewareHandler;
  /** Middleware for `/api/user_grp/create`, before the portal's routes. */
  recordMemberships: MiddlewareHandler;
  /** The store, shared with accounts mode (server/accounts/). */
  store: DashboardStore;
  /** Group managers' scopes, for accounts mode's guard (server/accounts/scope/). */
  managerScopes: ManagerScopes;
  /** The portal as interactive requests ask it: accounts mode's scope checks that need more than one answer. */
  gateway: PortalGateway;
  /** For /readyz: why the store cannot serve now (PostgreSQL down, SQLite unreadable), or undefined. */
  ready: () => Promise<string | undefined>;
  /** Middleware for `/api/*`, first: forgets refused tokens; in proxy mode, the failed-attempt limit (api-tokens.ts). */
  apiTokens: MiddlewareHandler;
  /**
   * Looks these identifiers up as a lookup job of the token's organisation (on the job engine),
   * when its directory is still empty (the demo's first start); answers the job's id, or undefined
   * when it was not empty.
   */
  fillEmptyDirectory: (token: string, identifiers: readonly string[]) => Promise<string | undefined>;
  /** Waits for this process's jobs, report gatherings and cache gatherings to finish (tests). */
  idle: () => Promise<void>;
  /** Stops the jobs and gatherings of this process, lets recordings end, then closes the store. */
  close: () => Promise<void>;
}

export interface DashboardServerOptions {
  store: DashboardStore;
  gateway: PortalGateway;
  /** Reads of any portal path (progress reports), from the same portal as `gateway`. */
  reader: PortalReader;
  directoryMaxAgeMs: number;
  /** Portal requests at a time per progress report (default 8). */
  reportConcurrency?: number;
  /** The production server's one failed-attempt limit, shared with /api (default: one of its own). */
  failures?: FailedAttempts;
  /** The gateway is a real portal over HTTP (PORTAL_API_URL): /api's limit is kept here (api-tokens.ts). */
  proxied?: boolean;
  /** The token cache's clock (tests). */
  now?: () => number;
  /** Timings of the membership outbox (tests). */
  outbox?: Pick<OutboxOptions, 'retryMs' | 'reconcileAfterMs' | 'scanMs' | 'holdTokenMs'>;
  /**
   * The portal as the background work asks it (the organisation's members, the directory's
   * refresh): requests that wait for interactive ones (the embedded portal's BACKGROUND_REQUEST,
   * server/portal/turns.ts). Default: `gateway`.
   */
  backgroundGateway?: PortalGateway;
  /** The same for the lookups of a people list (lookup jobs): reads that wait for interactive ones. Default: `reader`. */
  backgroundReader?: PortalReader;
  /** The turn scheduler of `/dashboard-api`: the embedded portal's, which shares the process (default: its own). */
  takeTurns?: MiddlewareHandler;
  /** Jobs (jobs/job-engine.ts): leases, heartbeat, concurrency; the key that seals their tokens; how long they are kept. */
  jobs?: JobEngineOptions & { vault?: TokenVault; retentionMs?: number };
  /** Directory records older than this are looked up again, unless the organisation set its own (default 24). */
  directoryRefreshHours?: number;
  /** The pace of that refresh (directory-refresh.ts). */
  directoryRefresh?: RefreshOptions;
}

/** How long a job and its results are kept after it ended (DASHBOARD_JOB_RETENTION_DAYS). */
export const JOB_RETENTION_MS = 7 * 86_400_000;

export function createDashboardServer({
  store,
  gateway,
  reader,
  directoryMaxAgeMs,
  reportConcurrency = 8,
  failures = new FailedAttempts(),
  proxied = false,
  now,
  outbox: outboxTimings,
  backgroundGateway = gateway,
  takeTurns = turnScheduler(),
  backgroundReader = reader,
  jobs: jobOptions = {},
  directoryRefreshHours = 24,
  directoryRefresh,
}: DashboardServerOptions): DashboardServer {
  const tokens = new TokenCheck(gateway, { now });
  const directory = new Directory(store.db, directoryMaxAgeMs, store.dialect);
  const history = new History(store.db, store.dialect);
  const memberCounts = new MemberCounts(store.db, MEMBER_COUNT_MAX_AGE_MS);
  const caches = new SharedCaches(store.db);
  const gatherer = new SharedCacheGatherer(caches, gateway);
  const groupMembers = new GroupMembers(store.db, store.dialect);
  const memberLists = new GroupMemberLists(groupMembers, gateway, memberCounts, MEMBER_COUNT_MAX_AGE_MS);
  const orgMembers = new OrgMembers(store.db);
  const membersGatherer = new OrgMembersGatherer(caches, orgMembers, backgroundGateway);
  const orgSettings = new OrgSettings(store.db);
  const refresher = new DirectoryRefresher(
    new DirectoryAges(store.db, store.dialect),
    directory,
    orgSettings,
    backgroundGateway,
    directoryRefreshHours,
    directoryRefresh,
  );
  const snapshots = new ReportSnapshots(store.db);
  const reports = new ProgressReports({
    read: reader,
    cache: new ProgressCache(store.db),
    people: (orgId, userIds) => directory.byIds(orgId, userIds),
    concurrency: reportConcurrency,
    remember: (key, data, askedPortal) => snapshots.remember(key, data, askedPortal),
  });
  const outbox = new MembershipOutbox({
    store: new OutboxStore(store.db),
    tokens,
    reader,
    memberAdded: async (orgId, grpId, userId) => {
      await memberCounts.forget(orgId, grpId);
      await groupMembers.forget(orgId, grpId);
      await orgMembers.add(orgId, userId, grpId);
    },
    ...outboxTimings,
  });
  outbox.start();
  const jobs = new Jobs(store.db, store.dialect, jobOptions.retentionMs ?? JOB_RETENTION_MS);
  const engine = new JobEngine(
    {
      jobs,
      // Without a key of its own (tests), one for this process: its jobs resume only here.
      vault: jobOptions.vault ?? new TokenVault(randomBytes(32)),
      reader,
      lookupReader: backgroundReader,
      directory,
      people: new PeopleMatch(store.db, store.dialect),
      outbox,
    },
    jobOptions,
  );
  engine.start();
  const checkOrg = requireOrg(tokens, failures);
  // Every request with a valid token may settle its organisation's unfinished membership creates,
  // and lends its token to the directory's refresh for a while (held in memory only).
  const auth: MiddlewareHandler<DashboardEnv> = (c, next) =>
    checkOrg(c, async () => {
      const token = tokenFrom(requestHeader(c, 'authorization'));
      outbox.seen(c.var.orgId, token);
      refresher.seen(c.var.orgId, token);
      await next();
    });

  const api = new Hono<DashboardEnv>();
  // Every request waits for its turn with the portal's (turns.ts): under load, new connections
  // keep getting in, and /api and /dashboard-api are served first come first served.
  api.use('*', takeTurns);
  const limit = (maxSize: number) =>
    bodyLimit({ maxSize, onError: (c) => c.json(errorBody('payload_too_large', tooLarge(maxSize).message), 413) });
  // A job's file (or pasted list) may be up to 10 MiB; every other body 1 MiB. Those are JSON,
  // read by readJsonBody (http.ts) with that limit; a declared oversize one is refused at once.
  api.post('/jobs', limit(MAX_JOB_BODY_BYTES));
  api.use('*', async (c, next) =>
    c.req.method === 'POST' && c.req.path.endsWith('/jobs') ? next() : refuseDeclaredOversize(c, next),
  );
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', (c) => c.json((document ??= openApiDocument(DASHBOARD_API_PREFIX))));
  statusRoute(api, directoryMaxAgeMs);
  // Before peopleRoutes: /people/coverage is not a /people/{user_id}.
  coverageRoutes(api, auth, {
    lists: memberLists,
    groupMembers,
    orgMembers,
    gatherer: membersGatherer,
    caches,
  });
  peopleRoutes(api, auth, directory, gateway);
  jobRoutes(api, auth, { jobs, engine, read: reader, directory });
  historyRoutes(api, auth, history);
  progressRoutes(api, auth, reports);
  groupRoutes(api, auth, memberCounts, gateway);
  cacheRoutes(api, auth, caches, gatherer);
  groupMemberRoutes(api, auth, memberLists, groupMembers);
  settingsRoutes(api, auth, orgSettings, directoryRefreshHours);
  // A catch-all route (not notFound): it must answer here, not fall through to the dashboard's HTML.
  api.all('*', (c) =>
    c.json(
      errorBody(
        'route_not_found',
        `There is no ${c.req.method} ${c.req.path} in the dashboard server's API. See ${DASHBOARD_API_PREFIX}/openapi.json.`,
      ),
      404,
    ),
  );
  api.onError(dashboardErrors);

  const recordings = new Set<Promise<void>>();
  const deps = { tokens, directory, outbox, recordings };
  return {
    api,
    learnUsers: learnUsers(deps),
    managerScopes: new ManagerScopes(caches, gatherer, memberLists, groupMembers),
    gateway,
    recordMemberships: recordMemberships(deps),
    store,
    ready: store.problem,
    apiTokens: apiTokens({ tokens, failures, proxied }),
    fillEmptyDirectory: async (token, identifiers) => {
      const orgId = await tokens.orgOf(token);
      if (identifiers.length === 0 || (await directory.size(orgId)).total > 0) return undefined;
      const start = lookupStart(
        { orgId, token, startedBy: null, read: reader, directory },
        identifierRows(identifiers.slice(0, MAX_JOB_ROWS)),
      );
      return engine.create(token, start);
    },
    idle: async () => {
      await Promise.all([
        engine.idle(),
        reports.idle(),
        gatherer.idle(),
        membersGatherer.idle(),
        refresher.idle(),
        recordingsEnd(recordings),
      ]);
      await outbox.idle();
    },
    close: async () => {
      outbox.stop();
      await Promise.all([
        engine.stop(),
        reports.stop(),
        gatherer.idle(),
        membersGatherer.idle(),
        refresher.stop(),
        recordingsEnd(recordings),
      ]);
      await outbox.idle();
      await store.close();
    },
  };
}

/** How long closing waits for recordings still writing (one hung on the portal must not hold the stop). */
const RECORDINGS_CLOSE_WAIT_MS = 5_000;

function recordingsEnd(recordings: Set<Promise<void>>): Promise<void> {
  if (recordings.size === 0) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, RECORDINGS_CLOSE_WAIT_MS)));
  return Promise.race([Promise.all(recordings).then(() => undefined), cap]).finally(() => clearTimeout(timer));
}
