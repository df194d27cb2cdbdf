// Probes for a service manager or a load balancer. GET /healthz: the process is alive and
// answers. GET /readyz: it can serve the API (embedded portal: its database is open; proxy: the
// portal answered within 2 s). JSON, no token needed, and nothing about the data.
import type { Database } from 'better-sqlite3';
import { Hono } from 'hono';
import { errorBody } from '../portal/errors.ts';

/** Why the API cannot be served now, or undefined when it can. */
export type ReadinessCheck = () => Promise<string | undefined>;

export function healthRoutes(isReady: ReadinessCheck): Hono {
  const app = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: true, result: { message: 'The server is running.' } }, 200, noStore));
  app.get('/readyz', async (c) => {
    const problem = await isReady();
    if (problem) return c.json(errorBody('not_ready', problem), 503, noStore);
    return c.json({ status: true, result: { message: 'The server is ready to serve the API.' } }, 200, noStore);
  });
  return app;
}

/** The first problem of several checks, run in order (undefined ones are skipped). */
export function allReady(...checks: (ReadinessCheck | undefined)[]): ReadinessCheck {
  return async () => {
    for (const check of checks) {
      const problem = await check?.();
      if (problem) return problem;
    }
    return undefined;
  };
}

export function databaseOpen(db: Database): ReadinessCheck {
  return async () => {
    try {
      db.prepare('SELECT 1').get();
      return undefined;
    } catch {
      return 'The portal database is not open or cannot be read.';
    }
  };
}

/**
 * Any answer below 500 counts, a 404 included: the probe asks for the portal's root, which needs
 * no token, so that it never counts as a failed sign-in on the portal's side.
 */
export function portalAnswers(portalUrl: string, timeoutMs = 2_000): ReadinessCheck {
  const root = `${portalUrl.replace(/\/+$/, '')}/`;
  return async () => {
    try {
      const response = await fetch(root, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.status < 500 ? undefined : `The portal answered with HTTP ${response.status}.`;
    } catch {
      return `The portal did not answer within ${timeoutMs / 1000} s.`;
    }
  };
}
