// The single transport function of the dashboard: every endpoint goes through here.
import * as z from 'zod/mini';
import { apiConfig } from './config.ts';
import { ApiError, firstFieldProblem } from './errors.ts';
import { portalBudget, portalBudgetInUse } from './portal-budget.ts';
import { retryAfterMs, retryAfterSeconds } from './retry-after.ts';
import { errorReadSchema } from './schemas/envelope.ts';

export { retryAfterSeconds };

interface ApiRequest<S extends z.ZodMiniType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Whose API: the portal's (`/api`, default) or the dashboard server's own (`/dashboard-api`). */
  service?: 'portal' | 'dashboard';
  /** Path with its parameters already encoded (use `encodePathSegment`). */
  path: string;
  /** Stable name for messages, e.g. `GET /grp/get_with_children/{id}`. */
  endpoint: string;
  /** JSON, or a Blob sent as it is with its own type (a file as the body). */
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** Overrides the signed-in token, e.g. to check a token before keeping it; `''` sends none. */
  token?: string;
  /** Extra headers, e.g. `X-Dashboard-Source` on a membership the dashboard server records. */
  headers?: Record<string, string>;
}

export function encodePathSegment(value: string | number): string {
  // encodeURIComponent leaves nothing that could split or escape the segment (/, %, ?, #).
  return encodeURIComponent(String(value));
}

export async function apiRequest<S extends z.ZodMiniType>(request: ApiRequest<S>): Promise<z.output<S>> {
  const { endpoint } = request;
  const text = await send(request);
  const json = parseJson(text);
  if (json === undefined) {
    throw new ApiError({ kind: 'contract', endpoint, serverMessage: 'the answer is not JSON' });
  }
  if (isRecord(json) && json.status === false) {
    const body = z.safeParse(errorReadSchema, json);
    throw new ApiError({
      kind: 'rejected',
      endpoint,
      code: body.data?.code,
      serverMessage: body.data?.message ?? messageOf(json),
    });
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError({
      kind: 'contract',
      endpoint,
      ...firstFieldProblem(parsed.error, json),
      serverMessage: issue ? issueMessage(issue.message, valueAt(json, issue.path)) : undefined,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** A text answer (a CSV export), with the same headers, timeout and errors as `apiRequest`. */
export function apiText(request: Omit<ApiRequest<z.ZodMiniType>, 'schema' | 'body'>): Promise<string> {
  return send(request);
}

/** Sends the request; the answer's text when it is 2xx, otherwise one ApiError. */
async function send(request: Omit<ApiRequest<z.ZodMiniType>, 'schema'>): Promise<string> {
  const { endpoint } = request;
  const failure = (cause: unknown, timeout?: AbortSignal) =>
    new ApiError({
      kind: request.signal?.aborted ? 'aborted' : timeout?.aborted ? 'timeout' : 'network',
      endpoint,
      cause,
    });

  // One attempt, with its own time limit: a wait for the portal's budget is not the portal's delay.
  const attempt = async () => {
    const timeout = AbortSignal.timeout(apiConfig.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    try {
      const base = request.service === 'dashboard' ? apiConfig.dashboardBaseUrl : apiConfig.baseUrl;
      const answer = await fetch(base + request.path, {
        method: request.method,
        headers: buildHeaders(request, request.token ?? apiConfig.getToken()),
        body: request.body === undefined || request.body instanceof Blob ? request.body : JSON.stringify(request.body),
        signal,
        // Accounts mode: the session cookie, on the server that serves the dashboard only. The
        // dashboard server's own API is always that server (a relative base URL).
        credentials: apiConfig.csrfToken !== null || request.service === 'dashboard' ? 'same-origin' : 'omit',
      });
      // Read within the attempt's time limit; the text is carried on in a Response of its own.
      const text = await answer.text();
      return new Response(text || null, { status: answer.status, headers: answer.headers });
    } catch (cause) {
      throw failure(cause, timeout);
    }
  };

  // Not a 429 of the failed-attempts guard (too_many_requests): asking again would not help, and
  // "Too many attempts, try again in N seconds" is what the user must see.
  const isRateLimit = async (answer: Response) =>
    z.safeParse(errorReadSchema, parseJson(await answer.clone().text())).data?.code !== 'too_many_requests';

  let response: Response;
  try {
    // The dashboard server's own API is not the portal: it keeps the portal's budget itself.
    const inUse = request.service === 'dashboard' ? undefined : portalBudgetInUse();
    if (inUse) {
      response = await (await inUse).send(attempt, { signal: request.signal, isRateLimit });
    } else {
      response = await attempt();
      if (request.service !== 'dashboard' && response.status === 429 && (await isRateLimit(response))) {
        // The first 429: from now on every portal request goes through the budget.
        const budget = await portalBudget();
        budget.refused(retryAfterMs(response));
        response = await budget.send(attempt, { signal: request.signal, isRateLimit });
      }
    }
  } catch (cause) {
    throw cause instanceof ApiError ? cause : failure(cause);
  }
  const text = await response.text();

  // Every caller (queries, mutations, page walks) is covered here, not only React Query's cache.
  if (response.status === 401 && request.token === undefined) apiConfig.onUnauthorized();
  if (!response.ok) {
    const body = z.safeParse(errorReadSchema, parseJson(text));
    throw new ApiError({
      kind: 'http',
      endpoint,
      status: response.status,
      code: body.data?.code,
      serverMessage: body.data?.message,
      details: body.data?.details,
      retryAfterSeconds: response.status === 429 ? retryAfterSeconds(response.headers.get('Retry-After')) : undefined,
    });
  }
  return text;
}

function buildHeaders(
  { body, method, headers: extra }: Omit<ApiRequest<z.ZodMiniType>, 'schema'>,
  token: string | null,
): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json' });
  if (apiConfig.csrfToken !== null && method !== 'GET') headers.set('X-CSRF-Token', apiConfig.csrfToken);
  if (body instanceof Blob) headers.set('Content-Type', body.type);
  else if (body !== undefined) headers.set('Content-Type', 'application/json');
  // The portal takes the bare token, no "Bearer " prefix (docs/portal-api.md).
  if (token) headers.set('Authorization', token);
  return headers;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The value at `path` in the parsed answer (what the failed check saw). */
function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let value = json;
  for (const key of path) {
    if (Array.isArray(value) && typeof key === 'number') value = value[key];
    else if (isRecord(value) && typeof key === 'string') value = value[key];
    else return undefined;
  }
  return value;
}

/**
 * The schema's words, except for a number JSON.parse could not hold: `1e400` becomes Infinity
 * (which a number schema refuses as "not a number"), and an integer past 2^53 loses its digits.
 */
function issueMessage(message: string, value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    return 'number out of range: too large for a JavaScript number';
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return 'number out of range: an integer beyond ±2^53 cannot be read exactly';
  }
  return message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(json: Record<string, unknown>): string | undefined {
  const result = json.result;
  if (isRecord(result) && typeof result.message === 'string') return result.message;
  return typeof json.message === 'string' ? json.message : undefined;
}
