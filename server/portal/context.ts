import type { Database } from 'better-sqlite3';
import type { Hono, MiddlewareHandler } from 'hono';
import type { AuthEnv } from './auth.ts';
import type { FailedAttempts } from './failed-attempts.ts';
import type { ListRunner } from './list-query.ts';
import type { Respond } from './respond.ts';
import type { TokenStore } from './tokens.ts';

/** What every route module gets. `auth` goes on each route (not `use('*')`) so that an
 * unknown route answers 404 even without a token. */
export interface PortalContext {
  db: Database;
  lists: ListRunner;
  tokens: TokenStore;
  failures: FailedAttempts;
  /** Sends a success answer, checked against its schema where responses are validated (respond.ts). */
  respond: Respond;
  /** Token check, body, turn (auth.ts). */
  auth: MiddlewareHandler<AuthEnv>;
  /** This app's turns (turns.ts), which POST /token takes without a token check. */
  takeTurns: MiddlewareHandler;
}

export type PortalRoutes = Hono<AuthEnv>;
