// The portal server inside `npm start`: opened from environment settings, seeded on first run.
import { readFileSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { createPortalApp } from '../portal/app.ts';
import type { FailedAttempts } from '../portal/failed-attempts.ts';
import { parseQuirks } from '../portal/quirks.ts';
import { issueToken } from '../portal/tokens.ts';
import { openDatabase } from '../db/database.ts';
import { loadFixture } from '../seed/fixture.ts';
import { isSeeded, seedDatabase } from '../seed/seed.ts';

interface EmbeddedSettings {
  /** SQLite file, or `:memory:` (default `.data/portal.db`). */
  PORTAL_DB?: string;
  /** `demo` (default), `large` or `none`: applied only to an empty database. */
  PORTAL_SEED?: string;
  /** A JSON fixture loaded after the seed (same format as `npm run portal -- --fixture`). */
  PORTAL_FIXTURE?: string;
  /** Makes this exact value a valid token of organisation 1. */
  PORTAL_TOKEN?: string;
  /** Token lifetime in seconds (default 24 h). */
  PORTAL_TOKEN_TTL?: string;
  /** Comma-separated quirks of a portal that bends the documentation (server/portal/quirks.ts). */
  PORTAL_QUIRKS?: string;
}

function tokenLifetime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new Error(`PORTAL_TOKEN_TTL must be a whole number of seconds, not "${value}".`);
  return seconds;
}

/**
 * `failures`: the server's one failed-attempt limit, shared with the dashboard server; `takeTurns`:
 * a turn scheduler shared with the rest of the process (the dashboard server's).
 */
export function openEmbeddedPortal(
  settings: EmbeddedSettings,
  { failures, takeTurns }: { failures?: FailedAttempts; takeTurns?: MiddlewareHandler } = {},
) {
  const lifetime = tokenLifetime(settings.PORTAL_TOKEN_TTL);
  const quirks = parseQuirks(settings.PORTAL_QUIRKS);
  const db = openDatabase(settings.PORTAL_DB || '.data/portal.db');
  const seed = settings.PORTAL_SEED || 'demo';
  if (seed !== 'demo' && seed !== 'large' && seed !== 'none')
    throw new Error(`PORTAL_SEED must be demo, large or none, not "${seed}".`);
  if (seed !== 'none' && !isSeeded(db)) seedDatabase(db, seed);
  if (settings.PORTAL_FIXTURE) loadFixture(db, JSON.parse(readFileSync(settings.PORTAL_FIXTURE, 'utf8')));
  // The printed token belongs to organisation 1, which must exist even in an empty database.
  db.prepare("INSERT INTO organisation (org_id, org_name) VALUES (1, 'Organisation 1') ON CONFLICT DO NOTHING").run();
  const token = issueToken(db, { orgId: 1, value: settings.PORTAL_TOKEN || undefined, lifetimeSeconds: lifetime });
  const app = createPortalApp(db, { tokenLifetimeSeconds: lifetime, failures, quirks, takeTurns });
  return { app, db, token };
}
