// How the dashboard server asks the portal something: the embedded portal app in-process, or
// the real portal (PORTAL_API_URL) over HTTP. Both take the same paths the dashboard uses.
import * as z from 'zod/mini';
import { errorBodySchema, itemEnvelopeSchema } from '../../src/api/schemas/envelope.ts';
import { tokenValidateSchema } from '../../src/api/schemas/token.ts';
import { userSchema, type User } from '../../src/api/schemas/user.ts';
import { askAgainIfDropped } from '../web/dropped-connection.ts';

/** The portal answered with an error (or not at all: `portal_unreachable`, status 502). */
export class PortalAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PortalGateway {
  /** The organisation of a valid token; PortalAnswerError (401) when the portal refuses it. */
  validateToken(token: string): Promise<{ orgId: number }>;
  /** The user with this organisation identifier, undefined when the portal has none (404). */
  findUserByIdentifier(token: string, identifier: string): Promise<User | undefined>;
  /** How many members the group has (user_grp/get_all with limit 1: its `total`). */
  countMembers(token: string, grpId: number): Promise<number>;
  /** One page of a portal list (`/grp/get_all`): its records, unchecked, and its total. */
  listPage(token: string, path: string, start: number, limit: number): Promise<{ total: number; result: unknown[] }>;
  /** One record (`/product/get/12`), unchecked; undefined when the portal has none (404). */
  getRecord(token: string, path: string): Promise<unknown>;
}

/** A fetch-like call to a portal path (`/token/validate`), relative to the portal's API root. */
export type PortalCall = (path: string, init: RequestInit) => Promise<Response>;

const userEnvelope = itemEnvelopeSchema(userSchema);
const totalOnly = z.object({ status: z.literal(true), total: z.int().check(z.nonnegative()) });
const anyItem = z.object({ status: z.literal(true), result: z.unknown() });
const anyList = z.object({
  status: z.literal(true),
  total: z.int().check(z.nonnegative()),
  result: z.array(z.unknown()),
});

export async function answerError(response: Response): Promise<PortalAnswerError> {
  const body = z.safeParse(errorBodySchema, await response.json().catch(() => undefined));
  if (body.success) return new PortalAnswerError(response.status, body.data.error.code, body.data.error.message);
  return new PortalAnswerError(
    response.status,
    `http_${response.status}`,
    `The portal answered HTTP ${response.status}.`,
  );
}

async function parsed<T extends z.ZodMiniType>(schema: T, response: Response): Promise<z.infer<T>> {
  const body = z.safeParse(schema, await response.json().catch(() => undefined));
  if (!body.success) throw new PortalAnswerError(502, 'portal_contract', 'The portal answered in an unexpected shape.');
  return body.data;
}

function gateway(call: PortalCall): PortalGateway {
  const send = async (path: string, token: string, body?: unknown) => {
    const headers = { authorization: token, accept: 'application/json' };
    try {
      // Every request here is a read: one whose connection dropped is asked once more.
      return await askAgainIfDropped(() =>
        call(
          path,
          body === undefined
            ? { headers }
            : {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify(body),
              },
        ),
      );
    } catch (error) {
      // Why, for the operator (only the route's start: the rest may be an identifier).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = cause instanceof Error ? cause.message : String(cause);
      console.error(`dashboard server: portal request ${path.split('/').slice(0, 3).join('/')} failed: ${reason}`);
      throw new PortalAnswerError(502, 'portal_unreachable', 'The portal did not answer. Try again in a moment.');
    }
  };
  return {
    async validateToken(token) {
      const response = await send('/token/validate', token);
      if (!response.ok) throw await answerError(response);
      // Only the organisation is kept: the API key beside it is never stored or logged.
      return { orgId: (await parsed(tokenValidateSchema, response)).user_data.org_id };
    },
    async findUserByIdentifier(token, identifier) {
      const response = await send(`/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`, token);
      if (response.status === 404) {
        // decisions.md: 404 for an unknown record; only a wrong route is something else.
        const error = await answerError(response);
        if (error.code !== 'route_not_found') return undefined;
        throw error;
      }
      if (!response.ok) throw await answerError(response);
      return (await parsed(userEnvelope, response)).result;
    },
    async countMembers(token, grpId) {
      const criterias = [{ column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) }];
      const response = await send('/user_grp/get_all', token, { start: 0, limit: 1, criterias });
      if (!response.ok) throw await answerError(response);
      return (await parsed(totalOnly, response)).total;
    },
    async listPage(token, path, start, limit) {
      const response = await send(path, token, { start, limit });
      if (!response.ok) throw await answerError(response);
      const { total, result } = await parsed(anyList, response);
      return { total, result };
    },
    async getRecord(token, path) {
      const response = await send(path, token);
      if (response.status === 404) {
        const error = await answerError(response);
        if (error.code !== 'route_not_found') return undefined;
        throw error;
      }
      if (!response.ok) throw await answerError(response);
      return (await parsed(anyItem, response)).result;
    },
  };
}

/**
 * The embedded portal (a Hono app) answered in-process: no socket, no port. With `env`
 * BACKGROUND_REQUEST (server/portal/turns.ts), its requests wait for interactive ones.
 */
export function inProcessPortalGateway(portal: InProcessPortal, env?: object): PortalGateway {
  return gateway(inProcessCall(portal, env));
}

export interface InProcessPortal {
  request: (path: string, init: RequestInit, env?: object) => Response | Promise<Response>;
}

export const inProcessCall =
  (portal: InProcessPortal, env?: object): PortalCall =>
  async (path, init) =>
    portal.request(path, init, env);

export function httpCall(portalUrl: string, timeoutMs = 30_000): PortalCall {
  const base = portalUrl.replace(/\/+$/, '');
  return (path, init) => fetch(base + path, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
}

/** A real portal over HTTP, e.g. `https://portal.example.com/api` (PORTAL_API_URL). */
export function httpPortalGateway(portalUrl: string, timeoutMs = 30_000): PortalGateway {
  return gateway(httpCall(portalUrl, timeoutMs));
}
