// How the dashboard server asks the portal something: the embedded portal app in-process, or
// the real portal (PORTAL_API_URL) over HTTP. Both take the same paths the dashboard uses.
import * as z from 'zod/mini';
import { RateBudget } from '#api/rate-budget.ts';
import { errorReadSchema, itemEnvelopeSchema, type Criteria } from '#schemas/envelope.ts';
import { tolerantFields } from '#schemas/common.ts';
import { tokenValidateReadSchema } from '#schemas/token.ts';
import { userReadSchema, type User } from '#schemas/user.ts';
import { PORTAL_ANSWER_INVALID, firstFieldProblem, type AnswerInvalidDetail, type FieldProblem } from '#api/errors.ts';
import { IN_PROCESS_CALLER } from '../portal/failed-attempts.ts';
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

/**
 * The portal answered, but not in the shape the schemas expect: the request, the field and what
 * is wrong with it, passed on to the browser as they are (502 `portal_answer_invalid`).
 */
export class PortalAnswerInvalid extends PortalAnswerError {
  readonly detail: AnswerInvalidDetail;

  constructor(request: string, error: z.core.$ZodError, value: unknown, pathPrefix: readonly string[] = []) {
    const { field, problem } = firstFieldProblem(error, value);
    const path = [...pathPrefix, field].join('.');
    super(
      502,
      PORTAL_ANSWER_INVALID,
      `The portal's answer for ${request} did not match what the dashboard expects: field ${path} ${problemWords[problem]}.`,
    );
    this.detail = { request, field: path, problem };
  }
}

const problemWords: Record<FieldProblem, string> = {
  missing: 'is missing',
  wrong_type: 'has the wrong type',
  invalid_value: 'has an unexpected value',
};

/** A 2xx answer that is not JSON at all (an HTML page): the portal did not really answer. */
const notJson = (request: string) =>
  new PortalAnswerError(502, 'portal_error', `The portal answered ${request} with something other than JSON.`);

export interface PortalGateway {
  /** The organisation of a valid token; PortalAnswerError (401) when the portal refuses it. */
  validateToken(token: string): Promise<{ orgId: number }>;
  /** The user with this organisation identifier, undefined when the portal has none (404). */
  findUserByIdentifier(token: string, identifier: string): Promise<User | undefined>;
  /** How many members the group has (user_grp/get_all with limit 1: its `total`). */
  countMembers(token: string, grpId: number): Promise<number>;
  /** One page of a portal list (`/grp/get_all`), filtered by `criterias`: its records, unchecked, and its total. */
  listPage(
    token: string,
    path: string,
    start: number,
    limit: number,
    criterias?: readonly Criteria[],
  ): Promise<{ total: number; result: unknown[] }>;
  /** One record (`/product/get/12`), unchecked; undefined when the portal has none (404). */
  getRecord(token: string, path: string): Promise<unknown>;
}

/** A fetch-like call to a portal path (`/token/validate`), relative to the portal's API root. */
export type PortalCall = (path: string, init: RequestInit) => Promise<Response>;

const userEnvelope = itemEnvelopeSchema(userReadSchema);
const totalOnly = z.object({ status: z.literal(true), total: tolerantFields.total });
const anyItem = z.object({ status: z.literal(true), result: z.unknown() });
const anyList = z.object({ status: z.literal(true), total: tolerantFields.total, result: z.array(z.unknown()) });

/** The failed-attempts guard's 429: asking again would not help (docs/portal-api.md). */
const isRateLimit = async (response: Response) =>
  z.safeParse(
    errorReadSchema,
    await response
      .clone()
      .json()
      .catch(() => undefined),
  ).data?.code !== 'too_many_requests';

/**
 * Every request to one portal through its one budget (rate-budget.ts): held back and asked again
 * after a 429's Retry-After, and slowed down for everything else that asks the same portal.
 */
export function budgetedCall(call: PortalCall, budget: RateBudget): PortalCall {
  return (path, init) => budget.send(() => call(path, init), { isRateLimit });
}

export async function answerError(response: Response): Promise<PortalAnswerError> {
  const body = z.safeParse(errorReadSchema, await response.json().catch(() => undefined));
  if (body.success) {
    const { code, message } = body.data;
    return new PortalAnswerError(response.status, code ?? `http_${response.status}`, message);
  }
  return new PortalAnswerError(
    response.status,
    `http_${response.status}`,
    `The portal answered HTTP ${response.status}.`,
  );
}

/** The answer checked against its schema; `request` names it (`POST /grp/get_all`) in a failure. */
export async function parsed<T extends z.ZodMiniType>(
  schema: T,
  response: Response,
  request: string,
): Promise<z.infer<T>> {
  const json: unknown = await response.json().catch(() => undefined);
  if (json === undefined) throw notJson(request);
  const body = z.safeParse(schema, json);
  if (!body.success) throw new PortalAnswerInvalid(request, body.error, json);
  return body.data;
}

export function portalGateway(call: PortalCall): PortalGateway {
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
      return { orgId: (await parsed(tokenValidateReadSchema, response, 'GET /token/validate')).user_data.org_id };
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
      return (await parsed(userEnvelope, response, 'GET /user/get_by_organisation_identifier/{identifier}')).result;
    },
    async countMembers(token, grpId) {
      const criterias = [{ column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) }];
      const response = await send('/user_grp/get_all', token, { start: 0, limit: 1, criterias });
      if (!response.ok) throw await answerError(response);
      return (await parsed(totalOnly, response, 'POST /user_grp/get_all')).total;
    },
    async listPage(token, path, start, limit, criterias) {
      const response = await send(path, token, criterias ? { start, limit, criterias } : { start, limit });
      if (!response.ok) throw await answerError(response);
      const { total, result } = await parsed(anyList, response, `POST ${path}`);
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
      return (await parsed(anyItem, response, `GET ${path}`)).result;
    },
  };
}

/**
 * The embedded portal (a Hono app) answered in-process: no socket, no port. With `env`
 * BACKGROUND_REQUEST (server/portal/turns.ts), its requests wait for interactive ones.
 */
export function inProcessPortalGateway(
  portal: InProcessPortal,
  budget = new RateBudget(),
  env?: Readonly<Record<symbol, true>>,
): PortalGateway {
  return portalGateway(budgetedCall(inProcessCall(portal, env), budget));
}

export interface InProcessPortal {
  request: (path: string, init: RequestInit, env?: object) => Response | Promise<Response>;
}

/** The dashboard server counts its clients' failed attempts itself: the portal trusts these calls. */
export const inProcessCall =
  (portal: InProcessPortal, env?: Readonly<Record<symbol, true>>): PortalCall =>
  async (path, init) =>
    portal.request(path, init, { ...IN_PROCESS_CALLER, ...env });

export function httpCall(portalUrl: string, timeoutMs = 30_000): PortalCall {
  const base = portalUrl.replace(/\/+$/, '');
  return (path, init) => fetch(base + path, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
}

/** A real portal over HTTP, e.g. `https://portal.example.com/api` (PORTAL_API_URL). */
export function httpPortalGateway(portalUrl: string, timeoutMs = 30_000, budget = new RateBudget()): PortalGateway {
  return portalGateway(budgetedCall(httpCall(portalUrl, timeoutMs), budget));
}
