// Reads of any portal path for the gatherings of the dashboard server (progress reports): the
// answer checked against its schema, and any failure naming the request that failed.
import { PortalRequestError, type PortalReader } from '#domain/portal-read.ts';
import { RateBudget } from '#api/rate-budget.ts';
import {
  PortalAnswerError,
  PortalAnswerInvalid,
  answerError,
  budgetedCall,
  httpCall,
  inProcessCall,
  parsed,
  type InProcessPortal,
  type PortalCall,
} from './portal-gateway.ts';

export function portalReader(call: PortalCall): PortalReader {
  return async (token, { method, path, body, schema }) => {
    const request = `${method} ${path}`;
    let response: Response;
    try {
      response = await call(path, {
        method,
        headers: {
          authorization: token,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new PortalRequestError(request, 502, 'portal_unreachable', 'The portal did not answer.');
    }
    if (!response.ok) {
      const error = await answerError(response);
      throw new PortalRequestError(request, error.status, error.code, error.message);
    }
    try {
      return await parsed(schema, response, request);
    } catch (error) {
      // The field that broke stays with the failure (`cause`), for the route that reports it.
      if (!(error instanceof PortalAnswerError)) throw error;
      const details = error instanceof PortalAnswerInvalid ? [error.detail] : undefined;
      throw new PortalRequestError(request, error.status, error.code, error.message, { cause: error, details });
    }
  };
}

/** `env`: BACKGROUND_REQUEST for reads that wait for interactive requests (server/portal/turns.ts). */
export const inProcessPortalReader = (
  portal: InProcessPortal,
  budget = new RateBudget(),
  env?: Readonly<Record<symbol, true>>,
): PortalReader => portalReader(budgetedCall(inProcessCall(portal, env), budget));

export const httpPortalReader = (portalUrl: string, timeoutMs = 30_000, budget = new RateBudget()): PortalReader =>
  portalReader(budgetedCall(httpCall(portalUrl, timeoutMs), budget));
