// The dashboard store's settings, read from the environment of `npm start`.
export type StoreLocation = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface DashboardSettings {
  store: StoreLocation;
  /** Directory records last seen longer ago than this are flagged `stale` (the client refreshes them). */
  directoryMaxAgeMs: number;
  /** Portal requests at a time while gathering one progress report. */
  reportConcurrency: number;
  /** Requests a second this server never exceeds towards the portal; undefined: no cap. */
  portalMaxRequestsPerSecond: number | undefined;
  /** A membership create left without its answer (its replica died) is reconciled once this old. */
  outboxReconcileAfterMs: number;
}

export interface DashboardEnv {
  /** SQLite file of the store (default `.data/dashboard.db`), or `:memory:`. */
  DASHBOARD_DB?: string;
  /** `postgres://...`: the store lives in PostgreSQL instead (several replicas share it). */
  DASHBOARD_DATABASE_URL?: string;
  /** Age in days after which a directory record is stale (default 7). */
  DASHBOARD_DIRECTORY_MAX_AGE_DAYS?: string;
  /** Portal requests at a time while gathering a progress report (default 8). */
  DASHBOARD_REPORT_CONCURRENCY?: string;
  /** Requests a second towards the portal, never exceeded (default: none, only 429s slow down). */
  PORTAL_MAX_REQUESTS_PER_SECOND?: string;
  /** Seconds before another replica reconciles a membership create left unanswered (default 120). */
  DASHBOARD_OUTBOX_RECONCILE_SECONDS?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function dashboardSettings(env: DashboardEnv): DashboardSettings {
  const url = env.DASHBOARD_DATABASE_URL?.trim();
  if (url && !/^postgres(ql)?:\/\//.test(url)) {
    // Never echo the value: it may hold a password.
    throw new Error('DASHBOARD_DATABASE_URL must start with postgres:// or postgresql://.');
  }
  const store: StoreLocation = url
    ? { dialect: 'postgres', url }
    : { dialect: 'sqlite', file: env.DASHBOARD_DB?.trim() || '.data/dashboard.db' };
  const rawDays = env.DASHBOARD_DIRECTORY_MAX_AGE_DAYS?.trim();
  const days = rawDays ? Number(rawDays) : 7;
  if (!Number.isFinite(days) || days <= 0) {
    throw new Error(`DASHBOARD_DIRECTORY_MAX_AGE_DAYS must be a number of days above 0, not "${rawDays}".`);
  }
  const rawConcurrency = env.DASHBOARD_REPORT_CONCURRENCY?.trim();
  const reportConcurrency = rawConcurrency ? Number(rawConcurrency) : 8;
  if (!Number.isInteger(reportConcurrency) || reportConcurrency < 1 || reportConcurrency > 64) {
    throw new Error(`DASHBOARD_REPORT_CONCURRENCY must be a whole number from 1 to 64, not "${rawConcurrency}".`);
  }
  const rawRate = env.PORTAL_MAX_REQUESTS_PER_SECOND?.trim();
  const portalMaxRequestsPerSecond = rawRate ? Number(rawRate) : undefined;
  if (
    portalMaxRequestsPerSecond !== undefined &&
    !(portalMaxRequestsPerSecond > 0 && portalMaxRequestsPerSecond <= 10_000)
  ) {
    throw new Error(`PORTAL_MAX_REQUESTS_PER_SECOND must be a number of requests above 0, not "${rawRate}".`);
  }
  const rawReconcile = env.DASHBOARD_OUTBOX_RECONCILE_SECONDS?.trim();
  const reconcileSeconds = rawReconcile ? Number(rawReconcile) : 120;
  if (!Number.isInteger(reconcileSeconds) || reconcileSeconds < 1) {
    throw new Error(
      `DASHBOARD_OUTBOX_RECONCILE_SECONDS must be a whole number of seconds above 0, not "${rawReconcile}".`,
    );
  }
  return {
    store,
    directoryMaxAgeMs: days * DAY_MS,
    reportConcurrency,
    portalMaxRequestsPerSecond,
    outboxReconcileAfterMs: reconcileSeconds * 1000,
  };
}
