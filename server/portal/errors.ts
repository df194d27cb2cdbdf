// The error body of docs/portal-api.md: {"status": false, "error": {code, message, details?}}.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorBodySchema, type ErrorBody } from '#schemas/envelope.ts';

export class PortalError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown[],
    /** Extra response headers, e.g. Retry-After with 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: unknown[]) =>
  new PortalError(400, code, message, details);

export const notFound = (what: string) =>
  new PortalError(404, 'not_found', `${what} does not exist in your organisation. Check the id or identifier.`);

export function errorBody(code: string, message: string, details?: unknown[]): ErrorBody {
  return errorBodySchema.parse({
    status: false,
    error: details === undefined ? { code, message } : { code, message, details },
  });
}

export function sendError(c: Context, err: PortalError): Response {
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return c.json(errorBody(err.code, err.message, err.details), err.status);
}
