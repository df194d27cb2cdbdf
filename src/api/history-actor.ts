// Where a membership write came from and who made it, for the dashboard server's history
// (`X-Dashboard-Source`, `X-Dashboard-Actor`). "Who" is a label the administrator sets once on
// this device ("Your name, for the history"), never the token or the API key.
import type { historySources } from './schemas/history.ts';
import { apiConfig } from './config.ts';
import { readPreference, writePreference } from '#lib/preferences.ts';

export type HistorySource = (typeof historySources)[number];

/** The server keeps at most this many characters of the label. */
export const MAX_ACTOR_LENGTH = 100;
const actorKey = 'history-actor';

export function readHistoryActor(): string {
  return readPreference(actorKey) ?? '';
}

export function writeHistoryActor(label: string): void {
  writePreference(actorKey, Array.from(label.trim()).slice(0, MAX_ACTOR_LENGTH).join(''));
}

/**
 * The history headers of a membership create. Only towards our own server (a relative base URL):
 * a portal called directly would see unknown headers in its CORS preflight and might refuse it.
 */
export function historyHeaders(source: HistorySource): Record<string, string> {
  if (!apiConfig.baseUrl.startsWith('/') || apiConfig.baseUrl.startsWith('//')) return {};
  return { 'X-Dashboard-Source': source, ...actorHeaders() };
}

/** Who starts a job on the dashboard server (its "Started by"), as the history names them. */
export function actorHeaders(): Record<string, string> {
  const actor = readHistoryActor();
  // Percent-encoded: a header carries no accents, and the server decodes it.
  return actor ? { 'X-Dashboard-Actor': encodeURIComponent(actor) } : {};
}
