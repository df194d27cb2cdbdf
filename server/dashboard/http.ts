// What every dashboard endpoint shares: the caller's organisation from its token, JSON bodies
// and query strings validated with zod, and errors in the portal's format (decisions.md).
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type * as z from 'zod/mini';
import { validate } from '../portal/body.ts';
import { PortalError, badRequest, errorBody, sendError } from '../portal/errors.ts';
import { PortalAnswerError, PortalAnswerInvalid } from './portal-gateway.ts';
import { tokenFrom, type TokenCheck } from './token-check.ts';

export type DashboardEnv = { Variables: { orgId: number } };

/** 401 without a token or when the portal refuses it; then `c.var.orgId` scopes every row. */
export function requireOrg(tokens: TokenCheck): MiddlewareHandler<DashboardEnv> {
  return createMiddleware<DashboardEnv>(async (c, next) => {
    const token = tokenFrom(c.req.header('authorization'));
    if (!token)
      throw new PortalError(
        401,
        'missing_token',
        'The Authorization header is missing. Send your portal API token in it.',
      );
    c.set('orgId', await tokens.orgOf(token));
    await next();
  });
}

export async function readJsonBody<T extends z.ZodMiniType>(c: Context, schema: T, what: string): Promise<z.infer<T>> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw badRequest('invalid_json', `The ${what} is not valid JSON.`);
  }
  return validate(schema, value, what);
}

export function readQuery<T extends z.ZodMiniType>(c: Context, schema: T, what: string): z.infer<T> {
  return validate(schema, c.req.query(), what);
}

/** A path's positive integer id, 400 otherwise. */
export function pathId(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) {
    throw badRequest('invalid_id', `The ${name} in the path must be a positive integer, got "${raw}".`);
  }
  return id;
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
  console.error('dashboard store: unexpected error', err);
  return c.json(
    errorBody('internal_error', 'The dashboard server failed unexpectedly. Try again; if it persists, report it.'),
    500,
  );
};
