// The server learns from the portal's answers as they pass through `/api` (embedded portal or
// proxy alike): a user found by organisation identifier goes into the directory, and every
// membership creation goes into the history with its outcome. A create is written down in the
// store before it is forwarded (membership-outbox.ts): when the store cannot take it, the
// create is refused (503) rather than made without its history. The answer waits for the
// history's write (so the next request of the dashboard already sees it), but at most
// RECORD_WAIT_MS; what cannot be written then is written later, never lost.
import type { Context, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { errorBodySchema, itemEnvelopeSchema } from '#schemas/envelope.ts';
import { historySources, type HistoryEvent } from '#schemas/history.ts';
import { userGrpReadSchema } from '#schemas/user-grp.ts';
import { userReadSchema } from '#schemas/user.ts';
import { errorBody, sendError } from '../portal/errors.ts';
import { MAX_BODY_BYTES } from '../portal/request-body.ts';
import type { MembershipOutbox } from './membership-outbox.ts';
import { isStoreUnreachable, storeUnavailable } from './store/availability.ts';
import type { Directory } from './store/directory.ts';
import type { IntentAnswer } from './store/outbox.ts';
import { tokenFrom, type TokenCheck } from './token-check.ts';

const userEnvelope = itemEnvelopeSchema(userReadSchema);
const membershipEnvelope = itemEnvelopeSchema(userGrpReadSchema);
/** Looser than userGrpCreateSchema: a request the portal refused for its admin flag is still history. */
/** An id as a number, or as digits in a string (which a lenient real portal might accept and act on). */
const anyId = z.union([
  z.int().check(z.positive()),
  z.pipe(
    z.string().check(z.regex(/^\d{1,15}$/)),
    z.transform((value) => Number(value)),
  ),
]);
const createRequestSchema = z.object({
  user_grp_grp_id: anyId,
  user_grp_user_id: anyId,
  user_grp_group_admin: z.optional(z.unknown()),
});

export const MAX_ACTOR_LENGTH = 100;

/** `X-Dashboard-Source`: one of the known sources, otherwise `unknown`. */
export function sourceOf(header: string | undefined): HistoryEvent['source'] {
  const value = header?.trim().toLowerCase();
  return historySources.find((source) => source === value) ?? 'unknown';
}

/** `X-Dashboard-Actor`: percent-encoded UTF-8 (headers carry no accents), trimmed, control characters removed, at most 100 characters. */
export function actorOf(header: string | undefined): string | null {
  if (!header) return null;
  let value: string;
  try {
    value = decodeURIComponent(header);
  } catch {
    value = header;
  }
  const clean = Array.from(
    value
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, MAX_ACTOR_LENGTH)
    .join('')
    .trim();
  return clean === '' ? null : clean;
}

/** The JSON answer, or undefined when it is not readable JSON (e.g. compressed by a later change). */
async function answerJson(c: Context): Promise<unknown> {
  if (c.res.headers.get('content-encoding')) return undefined;
  return c.res
    .clone()
    .json()
    .catch(() => undefined);
}

/**
 * The request's JSON body, read from a copy before the request goes on (the portal or the proxy
 * reads the original). Undefined when it is not JSON or is over the portal's limit (the portal
 * then refuses it: nothing is created).
 */
async function requestJson(c: Context): Promise<unknown> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) return undefined;
  const body = c.req.raw.clone().body;
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) return undefined;
      chunks.push(chunk);
    }
    return JSON.parse(
      Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    ) as unknown;
  } catch {
    return undefined; // the client went away, or the portal answers 400 invalid_json
  }
}

async function answerOf(c: Context): Promise<IntentAnswer> {
  const body = await answerJson(c);
  if (c.res.status === 200) {
    const created = z.safeParse(membershipEnvelope, body);
    return { result: 'added', errorCode: null, membershipId: created.success ? created.data.result.user_grp_id : null };
  }
  const error = z.safeParse(errorBodySchema, body);
  const errorCode = error.success ? error.data.error.code : `http_${c.res.status}`;
  return { result: c.res.status === 409 ? 'already_member' : 'failed', errorCode, membershipId: null };
}

export interface PassThroughDeps {
  tokens: TokenCheck;
  directory: Directory;
  outbox: MembershipOutbox;
  /** Recordings still writing (past RECORD_WAIT_MS too): the store closes only once they end. */
  recordings: Set<Promise<void>>;
}

export const RECORD_WAIT_MS = 2_000;

/** Runs the recording, logs its failure, and lets the answer go after RECORD_WAIT_MS at most. */
async function recordWithin(
  recordings: Set<Promise<void>>,
  what: string,
  recording: () => Promise<void>,
): Promise<void> {
  const done = recording()
    .catch((error: unknown) => {
      console.error(
        `dashboard store: could not record ${what}: ${error instanceof Error ? error.message : String(error)}`,
      );
    })
    .finally(() => recordings.delete(done));
  recordings.add(done);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, RECORD_WAIT_MS)))]);
  clearTimeout(timer);
}

/** After `GET /api/user/get_by_organisation_identifier/...` answered a user: save them. */
export function learnUsers({ tokens, directory, outbox, recordings }: PassThroughDeps): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const token = tokenFrom(c.req.header('authorization'));
    if (c.req.method !== 'GET' || c.res.status !== 200 || !token) return;
    await recordWithin(recordings, 'a user', async () => {
      const answer = z.safeParse(userEnvelope, await answerJson(c));
      if (!answer.success) return;
      const orgId = await tokens.orgOf(token);
      await directory.save(orgId, [answer.data.result]);
      outbox.seen(orgId, token);
    });
  };
}

/** The create refused before the portal sees it: the store cannot take its intent. */
function refusal(c: Context, error: unknown): Response {
  if (isStoreUnreachable(error)) return sendError(c, storeUnavailable());
  console.error('dashboard store: could not write down a membership create', error);
  return c.json(
    errorBody('internal_error', 'The dashboard server failed unexpectedly. Try again; if it persists, report it.'),
    500,
  );
}

/** `POST /api/user_grp/create`: written down first, forwarded, then recorded with the portal's answer. */
export function recordMemberships({ outbox, recordings }: PassThroughDeps): MiddlewareHandler {
  return async (c, next) => {
    const token = tokenFrom(c.req.header('authorization'));
    // Without a token the portal answers 401: nothing is created.
    if (c.req.method !== 'POST' || !token) return next();
    const request = z.safeParse(createRequestSchema, await requestJson(c));
    // Without the two ids the portal creates nothing (400): nothing to write down.
    if (!request.success) return next();
    let intent;
    try {
      intent = await outbox.begin(token, {
        grpId: request.data.user_grp_grp_id,
        userId: request.data.user_grp_user_id,
        groupAdmin: request.data.user_grp_group_admin === 1 ? 1 : 0,
        source: sourceOf(c.req.header('x-dashboard-source')),
        actor: actorOf(c.req.header('x-dashboard-actor')),
      });
    } catch (error) {
      return refusal(c, error);
    }
    await next();
    // 401: the portal refused the token; 413: it never read the body. Nothing was created.
    const refused = c.res.status === 401 || c.res.status === 413;
    const answer = refused ? 'refused' : await answerOf(c);
    await recordWithin(recordings, 'a membership', () => outbox.finish(intent, token, answer));
  };
}
