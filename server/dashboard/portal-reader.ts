// Reads of any portal path for the gatherings of the dashboard server (progress reports): the
// answer checked against its schema, and any failure naming the request that failed.
import * as z from 'zod/mini';
import { PortalRequestError, type PortalReader } from '../../src/api/portal-read.ts';
import { RateBudget } from '../../src/api/rate-budget.ts';
import {
  answerError,
  budgetedCall,
  httpCall,
  inProcessCall,
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
    const parsed = z.safeParse(schema, await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PortalRequestError(request, 502, 'portal_contract', 'The portal answered in an unexpected shape.');
    }
    return parsed.data;
  };
}

export const inProcessPortalReader = (portal: InProcessPortal, budget = new RateBudget()): PortalReader =>
  portalReader(budgetedCall(inProcessCall(portal), budget));

export const httpPortalReader = (portalUrl: string, timeoutMs = 30_000, budget = new RateBudget()): PortalReader =>
  portalReader(budgetedCall(httpCall(portalUrl, timeoutMs), budget));
