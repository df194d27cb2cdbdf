import { describe, expect, it } from 'vitest';
import { dashboardSettings } from './settings.ts';

describe('dashboard settings', () => {
  it('defaults to the SQLite file .data/dashboard.db, 7 days, a refresh after 24 hours, 8 requests at a time for reports, 2 minutes before reconciling', () => {
    expect(dashboardSettings({})).toEqual({
      store: { dialect: 'sqlite', file: '.data/dashboard.db' },
      directoryMaxAgeMs: 7 * 86_400_000,
      directoryRefreshHours: 24,
      reportConcurrency: 8,
      portalMaxRequestsPerSecond: undefined,
      outboxReconcileAfterMs: 120_000,
      jobs: { leaseMs: 15_000, heartbeatMs: 5_000, concurrency: 8, retentionMs: 7 * 86_400_000 },
      secretKey: undefined,
      secretKeyFile: '.data/dashboard-secret.key',
    });
  });

  it('takes the job settings, and refuses a heartbeat not shorter than the lease', () => {
    const settings = dashboardSettings({
      DASHBOARD_DB: '/srv/lp/store.db',
      DASHBOARD_JOB_LEASE_SECONDS: '3',
      DASHBOARD_JOB_HEARTBEAT_SECONDS: '0.5',
      DASHBOARD_JOB_RETENTION_DAYS: '30',
      DASHBOARD_JOB_CONCURRENCY: '4',
    });
    expect(settings.jobs).toEqual({ leaseMs: 3_000, heartbeatMs: 500, concurrency: 4, retentionMs: 30 * 86_400_000 });
    expect(settings.secretKeyFile).toBe('/srv/lp/dashboard-secret.key');
    expect(dashboardSettings({ DASHBOARD_DB: ':memory:' }).secretKeyFile).toBeUndefined();
    expect(() => dashboardSettings({ DASHBOARD_JOB_LEASE_SECONDS: '5' })).toThrow(/must be less than/);
    expect(() => dashboardSettings({ DASHBOARD_JOB_CONCURRENCY: '2.5' })).toThrow(/whole number/);
  });

  it('takes DASHBOARD_OUTBOX_RECONCILE_SECONDS, and refuses one that is not a whole number above 0', () => {
    expect(dashboardSettings({ DASHBOARD_OUTBOX_RECONCILE_SECONDS: '45' }).outboxReconcileAfterMs).toBe(45_000);
    for (const value of ['0', '-5', '1.5', 'soon'])
      expect(() => dashboardSettings({ DASHBOARD_OUTBOX_RECONCILE_SECONDS: value })).toThrow(
        /DASHBOARD_OUTBOX_RECONCILE_SECONDS must be a whole number/,
      );
  });

  it('takes PORTAL_MAX_REQUESTS_PER_SECOND, and refuses one that is not a number above 0', () => {
    expect(dashboardSettings({ PORTAL_MAX_REQUESTS_PER_SECOND: '8' }).portalMaxRequestsPerSecond).toBe(8);
    expect(dashboardSettings({ PORTAL_MAX_REQUESTS_PER_SECOND: '0.5' }).portalMaxRequestsPerSecond).toBe(0.5);
    for (const value of ['0', '-1', 'fast', 'Infinity']) {
      expect(() => dashboardSettings({ PORTAL_MAX_REQUESTS_PER_SECOND: value })).toThrow(
        /PORTAL_MAX_REQUESTS_PER_SECOND/,
      );
    }
  });

  it('takes DASHBOARD_REPORT_CONCURRENCY, and refuses one that is not a whole number from 1 to 64', () => {
    expect(dashboardSettings({ DASHBOARD_REPORT_CONCURRENCY: '3' }).reportConcurrency).toBe(3);
    for (const value of ['0', '65', '2.5', 'many']) {
      expect(() => dashboardSettings({ DASHBOARD_REPORT_CONCURRENCY: value })).toThrow(/DASHBOARD_REPORT_CONCURRENCY/);
    }
  });

  it('takes DASHBOARD_DB, and PostgreSQL when DASHBOARD_DATABASE_URL is set', () => {
    expect(dashboardSettings({ DASHBOARD_DB: ':memory:' }).store).toEqual({ dialect: 'sqlite', file: ':memory:' });
    const url = 'postgres://dash:secret@db.example:5432/dashboard';
    expect(dashboardSettings({ DASHBOARD_DB: 'x.db', DASHBOARD_DATABASE_URL: url }).store).toEqual({
      dialect: 'postgres',
      url,
    });
  });

  it('takes DASHBOARD_DIRECTORY_MAX_AGE_DAYS', () => {
    expect(dashboardSettings({ DASHBOARD_DIRECTORY_MAX_AGE_DAYS: '0.5' }).directoryMaxAgeMs).toBe(43_200_000);
  });

  it('takes DASHBOARD_DIRECTORY_REFRESH_HOURS, and refuses one that is not a whole number from 1 to 720', () => {
    expect(dashboardSettings({ DASHBOARD_DIRECTORY_REFRESH_HOURS: '6' }).directoryRefreshHours).toBe(6);
    expect(dashboardSettings({ DASHBOARD_DIRECTORY_REFRESH_HOURS: '720' }).directoryRefreshHours).toBe(720);
    for (const value of ['0', '721', '1.5', 'daily']) {
      expect(() => dashboardSettings({ DASHBOARD_DIRECTORY_REFRESH_HOURS: value })).toThrow(
        /DASHBOARD_DIRECTORY_REFRESH_HOURS must be a whole number of hours from 1 to 720/,
      );
    }
  });

  it.each(['0', '-1', 'week'])('refuses a maximum age of %j', (days) => {
    expect(() => dashboardSettings({ DASHBOARD_DIRECTORY_MAX_AGE_DAYS: days })).toThrow(
      /DASHBOARD_DIRECTORY_MAX_AGE_DAYS/,
    );
  });

  it('refuses a URL that is not PostgreSQL without echoing it (it may hold a password)', () => {
    expect(() => dashboardSettings({ DASHBOARD_DATABASE_URL: 'mysql://u:hunter2@h/d' })).toThrow(
      /^(?!.*hunter2).*postgres:\/\//,
    );
  });
});
