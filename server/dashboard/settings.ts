// The dashboard store's settings, read from the environment of `npm start`.
import { dirname, join } from 'node:path';
import { MAX_REFRESH_HOURS, MIN_REFRESH_HOURS } from '#schemas/org-settings.ts';

export type StoreLocation = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface DashboardSettings {
  store: StoreLocation;
  /** Directory records last seen longer ago than this are flagged `stale` (the client refreshes them). */
  directoryMaxAgeMs: number;
  /** Directory records older than this are looked up again in the background, unless the organisation set its own. */
  directoryRefreshHours: number;
  /** Portal requests at a time while gathering one progress report. */
  reportConcurrency: number;
  /** Requests a second this server never exceeds towards the portal; undefined: no cap. */
  portalMaxRequestsPerSecond: number | undefined;
  /** A membership create left without its answer (its replica died) is reconciled once this old. */
  outboxReconcileAfterMs: number;
  /** Jobs: lease, heartbeat, portal requests at a time per job, how long they are kept after they end. */
  jobs: { leaseMs: number; heartbeatMs: number; concurrency: number; retentionMs: number };
  /** DASHBOARD_SECRET_KEY, the key of job tokens; else `secretKeyFile`. */
  secretKey: string | undefined;
  /** Where the key is made when DASHBOARD_SECRET_KEY is not set (0600); undefined for a store in memory. */
  secretKeyFile: string | undefined;
}

export interface DashboardEnv {
  /** SQLite file of the store (default `.data/dashboard.db`), or `:memory:`. */
  DASHBOARD_DB?: string;
  /** `postgres://...`: the store lives in PostgreSQL instead (several replicas share it). */
  DASHBOARD_DATABASE_URL?: string;
  /** Age in days after which a directory record is stale (default 7). */
  DASHBOARD_DIRECTORY_MAX_AGE_DAYS?: string;
  /** Age in hours after which the server looks a directory record up again (default 24; 1 to 720). */
  DASHBOARD_DIRECTORY_REFRESH_HOURS?: string;
  /** Portal requests at a time while gathering a progress report (default 8). */
  DASHBOARD_REPORT_CONCURRENCY?: string;
  /** Requests a second towards the portal, never exceeded (default: none, only 429s slow down). */
  PORTAL_MAX_REQUESTS_PER_SECOND?: string;
  /** Seconds before another replica reconciles a membership create left unanswered (default 120). */
  DASHBOARD_OUTBOX_RECONCILE_SECONDS?: string;
  /** 64 hex digits: seals the portal tokens of jobs in the store; the same on every replica (default: a key file beside the SQLite store). */
  DASHBOARD_SECRET_KEY?: string;
  /** Seconds a replica holds a job without renewing its lease (default 15); another replica takes it over after. */
  DASHBOARD_JOB_LEASE_SECONDS?: string;
  /** Seconds between a replica's lease renewals and claims (default 5); less than the lease. */
  DASHBOARD_JOB_HEARTBEAT_SECONDS?: string;
  /** Portal requests at a time per job (default 8). */
  DASHBOARD_JOB_CONCURRENCY?: string;
  /** Days a job and its results are kept after it ended (default 7). */
  DASHBOARD_JOB_RETENTION_DAYS?: string;
}

/** A number from the environment within bounds, or its default; the message names the variable. */
function numberSetting(env: DashboardEnv, name: keyof DashboardEnv, fallback: number, min: number, max: number) {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, not "${raw}".`);
  return value;
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
  const rawHours = env.DASHBOARD_DIRECTORY_REFRESH_HOURS?.trim();
  const refreshHours = rawHours ? Number(rawHours) : 24;
  if (!Number.isInteger(refreshHours) || refreshHours < MIN_REFRESH_HOURS || refreshHours > MAX_REFRESH_HOURS) {
    throw new Error(
      `DASHBOARD_DIRECTORY_REFRESH_HOURS must be a whole number of hours from ${MIN_REFRESH_HOURS} to ${MAX_REFRESH_HOURS}, not "${rawHours}".`,
    );
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
  const leaseSeconds = numberSetting(env, 'DASHBOARD_JOB_LEASE_SECONDS', 15, 1, 3600);
  const heartbeatSeconds = numberSetting(env, 'DASHBOARD_JOB_HEARTBEAT_SECONDS', 5, 0.1, 3600);
  if (heartbeatSeconds >= leaseSeconds)
    throw new Error('DASHBOARD_JOB_HEARTBEAT_SECONDS must be less than DASHBOARD_JOB_LEASE_SECONDS.');
  const jobConcurrency = numberSetting(env, 'DASHBOARD_JOB_CONCURRENCY', 8, 1, 64);
  if (!Number.isInteger(jobConcurrency)) throw new Error('DASHBOARD_JOB_CONCURRENCY must be a whole number.');
  const retentionDays = numberSetting(env, 'DASHBOARD_JOB_RETENTION_DAYS', 7, 1, 3650);
  const secretKey = env.DASHBOARD_SECRET_KEY?.trim() || undefined;
  const secretKeyFile =
    store.dialect === 'postgres'
      ? '.data/dashboard-secret.key'
      : store.file === ':memory:'
        ? undefined
        : join(dirname(store.file), 'dashboard-secret.key');
  return {
    store,
    jobs: {
      leaseMs: leaseSeconds * 1000,
      heartbeatMs: heartbeatSeconds * 1000,
      concurrency: jobConcurrency,
      retentionMs: retentionDays * DAY_MS,
    },
    secretKey,
    secretKeyFile,
    directoryMaxAgeMs: days * DAY_MS,
    directoryRefreshHours: refreshHours,
    reportConcurrency,
    portalMaxRequestsPerSecond,
    outboxReconcileAfterMs: reconcileSeconds * 1000,
  };
}
