// What every dashboard endpoint shares: the caller's organisation from its token, JSON bodies
// and query strings validated with zod, and errors in the portal's format (decisions.md).
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod/mini';
import { MAX_PORTAL_ID } from '#schemas/dashboard-common.ts';
import { validate } from '../portal/body.ts';
import { quoted } from '../portal/echo.ts';
import { issuePath, valueAt } from '../portal/issues.ts';
import type { FailedAttempts } from '../portal/failed-attempts.ts';
import { PortalError, badRequest, errorBody, sendError } from '../portal/errors.ts';
import { nodeRequest, requestHeader } from '../portal/node-http.ts';
import { MAX_BODY_BYTES, bufferBody, bufferedBody, tooLarge } from '../portal/request-body.ts';
import { PortalAnswerError, PortalAnswerInvalid } from './portal-gateway.ts';
import { isStoreUnreachable, storeUnavailable } from './store/availability.ts';
import { tokenFrom, type TokenCheck } from './token-check.ts';

export type DashboardEnv = { Variables: { orgId: number } };

/**
 * 401 without a token or when the portal refuses it; then `c.var.orgId` scopes every row. The
 * caller's failed attempts count into the server's one limit (failed-attempts.ts): 429 once over
 * it. A write asks the portal every time: a refused token must not write for another 15 s.
 */
export function requireOrg(tokens: TokenCheck, failures: FailedAttempts): MiddlewareHandler<DashboardEnv> {
  return createMiddleware<DashboardEnv>(async (c, next) => {
    const attempts = failures.of(c);
    await attempts.guard();
    const token = tokenFrom(requestHeader(c, 'authorization'));
    if (!token)
      throw new PortalError(
        401,
        'missing_token',
        'The Authorization header is missing. Send your portal API token in it.',
      );
    c.set('orgId', await tokens.orgOf(token, { fresh: isWrite(c), attempts }));
    await next();
  });
}

/** Requests that only read, though sent by POST (a list of ids in the body). */
export const readsByPost = /\/(people\/names|groups\/member-counts)$/;

export function isWrite(c: Context): boolean {
  return c.req.method !== 'GET' && c.req.method !== 'HEAD' && !readsByPost.test(c.req.path);
}

/**
 * The JSON body, read from Node's request like the portal's (request-body.ts: at most `limit`,
 * 1 MiB unless said, else 413) rather than through c.req.json(), whose fetch Request and web stream cost about a
 * quarter of a names request's CPU. In-process (the tests' app.request, the background jobs)
 * it reads the Request, with the same limit.
 */
export async function readJsonBody<T extends z.ZodMiniType>(
  c: Context,
  schema: T,
  what: string,
  limit = MAX_BODY_BYTES,
): Promise<z.infer<T>> {
  let value: unknown;
  try {
    if (nodeRequest(c)) {
      await bufferBody(c, limit);
      // A leading byte-order mark is dropped, as the fetch API's json() does.
      value = JSON.parse(bufferedBody(c).replace(/^\uFEFF/, ''));
    } else {
      const text = await c.req.text();
      if (Buffer.byteLength(text) > limit) throw tooLarge(limit);
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    }
  } catch (error) {
    if (error instanceof PortalError) throw error;
    throw badRequest('invalid_json', `The ${what} is not valid JSON.`);
  }
  return validated(schema, value, what);
}

export function readQuery<T extends z.ZodMiniType>(c: Context, schema: T, what: string): z.infer<T> {
  return validated(schema, c.req.query(), what);
}

/** A path's id, 1 to MAX_PORTAL_ID (the portal's 32-bit ids), 400 invalid_id otherwise. */
export function pathId(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || id <= 0 || id > MAX_PORTAL_ID) {
    throw badRequest(
      'invalid_id',
      `The ${name} in the path must be an integer from 1 to ${MAX_PORTAL_ID}, got ${quoted(raw)}.`,
    );
  }
  return id;
}

/** validate(), but an id beyond the portal's range (portalIdSchema) is 400 invalid_id, as in a path. */
function validated<T extends z.ZodMiniType>(schema: T, value: unknown, what: string): z.infer<T> {
  try {
    return validate(schema, value, what);
  } catch (error) {
    const parsed = z.safeParse(schema, value);
    const beyond = parsed.error?.issues.find((issue) => issue.code === 'too_big' && issue.maximum === MAX_PORTAL_ID);
    if (!beyond) throw error;
    const path = issuePath(beyond);
    throw badRequest(
      'invalid_id',
      `In the ${what}, "${path}" must be an id from 1 to ${MAX_PORTAL_ID}: ${quoted(String(valueAt(value, beyond.path)))} is none.`,
      [{ path, code: beyond.code, message: `must be at most ${MAX_PORTAL_ID}` }],
    );
  }
}

export const dashboardErrors: ErrorHandler = (err, c) => {
  if (err instanceof PortalError) return sendError(c, err);
  // The portal answered, but a field broke the schemas: which request and which field, as they are.
  if (err instanceof PortalAnswerInvalid) return c.json(errorBody(err.code, err.message, [err.detail]), 502);
  if (err instanceof PortalAnswerError) {
    // The portal refused the token: the same 401 the portal gives, so the dashboard signs out.
    if (err.status === 401) return c.json(errorBody(err.code, err.message), 401);
    const message =
      err.code === 'portal_unreachable'
        ? err.message
        : `The portal could not check the token (${err.code}). Try again in a moment.`;
    return c.json(errorBody(err.code === 'portal_unreachable' ? err.code : 'portal_error', message), 502);
  }
  if (isStoreUnreachable(err)) {
    // A PostgreSQL outage is logged once, by the store's watch; a SQLite fault each time (its code).
    if ((err as { code?: unknown }).code?.toString().startsWith('SQLITE_'))
      console.error(`dashboard store: unavailable: ${err.message}`);
    return sendError(c, storeUnavailable());
  }
  console.error('dashboard store: unexpected error', err);
  return c.json(
    errorBody('internal_error', 'The dashboard server failed unexpectedly. Try again; if it persists, report it.'),
    500,
  );
};
