// The Learning Portal API as a Hono app, routes at the root paths of the spec. The production
// server mounts it with `app.route('/api', portal)`; nothing here depends on absolute URLs.
import type { Database } from 'better-sqlite3';
import { Hono, type MiddlewareHandler } from 'hono';
import { requireToken, type AuthEnv } from './auth.ts';
import type { PortalContext } from './context.ts';
import { quoted } from './echo.ts';
import { PortalError, errorBody, sendError } from './errors.ts';
import { FailedAttempts, type FailedAttemptsOptions } from './failed-attempts.ts';
import { ListRunner } from './list-query.ts';
import { requestLogLine } from './log-line.ts';
import { openApiRoute } from './openapi.ts';
import { quirksMiddleware, type Quirk } from './quirks.ts';
import { ClientAborted, refuseDeclaredOversize } from './request-body.ts';
import { responder, validatingByDefault } from './respond.ts';
import { availabilityGroupRoutes } from './routes/availability-group.ts';
import { grpRoutes } from './routes/grp.ts';
import { productAccessRoutes } from './routes/product-access.ts';
import { productRoutes } from './routes/product.ts';
import { takeRoutes } from './routes/take.ts';
import { tokenIssueRoute, tokenRoutes } from './routes/token.ts';
import { userGrpRoutes } from './routes/user-grp.ts';
import { userRoutes } from './routes/user.ts';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, TokenStore } from './tokens.ts';
import { turnScheduler } from './turns.ts';

export { MAX_BODY_BYTES, MAX_TOKEN_REQUEST_BYTES } from './request-body.ts';

export interface PortalOptions {
  tokenLifetimeSeconds?: number;
  /** One line per request (method, path, status, duration). The token is never in it. */
  log?: (line: string) => void;
  /** Failed token and API key attempts allowed per client address and window (default 20 a minute). */
  failedAttempts?: FailedAttemptsOptions;
  /** A limiter shared with the rest of the production server (one policy for /api and /dashboard-api); wins over failedAttempts. */
  failures?: FailedAttempts;
  /** Check every success answer against its schema (respond.ts). Default: on under vitest, off otherwise. */
  validateResponses?: boolean;
  /** Answer like a deployment that bends the documentation (quirks.ts); tests and demos only. */
  quirks?: ReadonlySet<Quirk>;
  /** The turn scheduler (turns.ts), when the app shares the process's turns with others (npm start). Default: its own. */
  takeTurns?: MiddlewareHandler;
}

export function createPortalApp(db: Database, options: PortalOptions = {}): Hono<AuthEnv> {
  const tokens = new TokenStore(db, options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS);
  const failures = options.failures ?? new FailedAttempts(options.failedAttempts);
  const takeTurns = options.takeTurns ?? turnScheduler();
  const ctx: PortalContext = {
    db,
    tokens,
    failures,
    lists: new ListRunner(db),
    respond: responder(options.validateResponses ?? validatingByDefault()),
    auth: requireToken(tokens, failures, takeTurns),
    takeTurns,
  };
  const app = new Hono<AuthEnv>();
  const log = options.log;

  if (log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      log(requestLogLine(c, started));
    });
  }
  if (options.quirks?.size) app.use('*', quirksMiddleware(new Set(options.quirks)));
  // Before anything else: a client over its failed attempts (429), a declared oversize body
  // (413, from the header alone). Each route then checks the token before reading the body,
  // and the request takes its turn (auth.ts).
  app.use('*', failures.guard);
  app.use('*', refuseDeclaredOversize);

  openApiRoute(app);
  tokenIssueRoute(app, ctx);
  tokenRoutes(app, ctx);
  grpRoutes(app, ctx);
  userRoutes(app, ctx);
  userGrpRoutes(app, ctx);
  takeRoutes(app, ctx);
  productRoutes(app, ctx);
  availabilityGroupRoutes(app, ctx);
  productAccessRoutes(app, ctx);

  // A catch-all route rather than notFound(): it survives `app.route('/api', portal)`, where
  // the parent's notFound would answer instead.
  app.all('*', (c) =>
    c.json(
      errorBody(
        'route_not_found',
        `There is no ${c.req.method} ${quoted(c.req.path)} in the portal API. Check the path and method.`,
      ),
      404,
    ),
  );
  app.notFound((c) => c.json(errorBody('route_not_found', `There is no ${c.req.method} ${quoted(c.req.path)}.`), 404));

  app.onError((err, c) => {
    if (err instanceof PortalError) return sendError(c, err);
    // Nobody is left to read an answer: close quietly (499, nginx's "client closed request").
    if (err instanceof ClientAborted) return new Response(null, { status: 499 });
    // A real bug: say so without leaking internals.
    console.error('portal: unexpected error', err);
    return c.json(
      errorBody('internal_error', 'The portal server failed unexpectedly. Try again; if it persists, report it.'),
      500,
    );
  });
  return app;
}
