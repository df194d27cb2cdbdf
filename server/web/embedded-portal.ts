// The portal server inside `npm start`: opened from environment settings, seeded on first run.
import { readFileSync } from 'node:fs';
import { createPortalApp } from '../portal/app.ts';
import { issueToken } from '../portal/tokens.ts';
import { openDatabase } from '../db/database.ts';
import { loadFixture } from '../seed/fixture.ts';
import { isSeeded, seedDatabase } from '../seed/seed.ts';

export interface EmbeddedSettings {
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
}

export function openEmbeddedPortal(settings: EmbeddedSettings) {
  const db = openDatabase(settings.PORTAL_DB || '.data/portal.db');
  const seed = settings.PORTAL_SEED || 'demo';
  if (seed !== 'none' && !isSeeded(db)) {
    if (seed !== 'demo' && seed !== 'large') throw new Error(`PORTAL_SEED must be demo, large or none, not "${seed}".`);
    seedDatabase(db, seed);
  }
  if (settings.PORTAL_FIXTURE) loadFixture(db, JSON.parse(readFileSync(settings.PORTAL_FIXTURE, 'utf8')));
  const lifetime = settings.PORTAL_TOKEN_TTL ? Number(settings.PORTAL_TOKEN_TTL) : undefined;
  const token = issueToken(db, { orgId: 1, value: settings.PORTAL_TOKEN || undefined, lifetimeSeconds: lifetime });
  const app = createPortalApp(db, { tokenLifetimeSeconds: lifetime });
  return { app, db, token };
}
