// The dashboard server's history as the specs read it (GET /dashboard-api/history), parsed with
// the dashboard's own schema: a test reads it before acting, so what it expects afterwards holds
// on a retry too, whatever an earlier attempt recorded.
import type { APIRequestContext } from '@playwright/test';
import { listEnvelopeSchema } from '#schemas/envelope.ts';
import { historyEventSchema, type HistoryQuery } from '#schemas/history.ts';

const historyEnvelope = listEnvelopeSchema(historyEventSchema);

/** One page of the history that matches `query` (newest first; at most 100 events a page). */
export async function historyEvents(request: APIRequestContext, token: string, query: HistoryQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const response = await request.get(`/dashboard-api/history?${params}`, { headers: { Authorization: token } });
  const body: unknown = await response.json();
  if (!response.ok()) throw new Error(`GET /dashboard-api/history: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return historyEnvelope.parse(body);
}
