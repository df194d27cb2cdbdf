// GET /status: tells the dashboard that a dashboard server is there (a static host answers
// HTML instead) and with which settings. No token needed; nothing about any organisation.
import type { Hono } from 'hono';
import { dashboardStatusSchema } from '#schemas/dashboard-status.ts';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import type { DashboardEnv } from '../http.ts';

const statusEnvelope = itemEnvelopeSchema(dashboardStatusSchema);

export function statusRoute(app: Hono<DashboardEnv>, maxAgeMs: number): void {
  app.get('/status', (c) =>
    c.json(
      statusEnvelope.parse({
        status: true,
        result: { service: 'dashboard-server', api_version: 1, directory_max_age_days: maxAgeMs / 86_400_000 },
      }),
    ),
  );
}
