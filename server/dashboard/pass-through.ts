// The server learns from the portal's answers as they pass through `/api` (embedded portal or
// proxy alike): a user found by organisation identifier goes into the directory, and every
// membership creation goes into the history with its outcome. Recording never changes the
// portal's answer nor fails it. The answer waits for the write (so the next request of the
// dashboard already sees it), but at most RECORD_WAIT_MS: a sick store never holds it longer.
import type { Context, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { errorBodySchema, itemEnvelopeSchema } from '../../src/api/schemas/envelope.ts';
import { historySources, type HistoryEvent } from '../../src/api/schemas/history.ts';
import { userGrpReadSchema } from '../../src/api/schemas/user-grp.ts';
import { userReadSchema } from '../../src/api/schemas/user.ts';
import { bufferedBody } from '../portal/request-body.ts';
import type { MembershipOutcome } from './store/history.ts';
import type { Directory } from './store/directory.ts';
import type { History } from './store/history.ts';
import type { MemberCounts } from './store/member-counts.ts';
import { tokenFrom, type TokenCheck } from './token-check.ts';

const userEnvelope = itemEnvelopeSchema(userReadSchema);
const membershipEnvelope = itemEnvelopeSchema(userGrpReadSchema);
/** Looser than userGrpCreateSchema: a request the portal refused for its admin flag is still history. */
const createRequestSchema = z.object({
  user_grp_grp_id: z.int().check(z.positive()),
  user_grp_user_id: z.int().check(z.positive()),
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

/** The request body, already read by the portal (embedded) or by the proxy (Hono's body cache). */
async function requestJson(c: Context): Promise<unknown> {
  const text = bufferedBody(c) || (await c.req.text());
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // the portal answered 400 invalid_json: no group or user to file it under
  }
}

async function outcomeOf(c: Context): Promise<Pick<MembershipOutcome, 'result' | 'errorCode' | 'membershipId'>> {
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
  history: History;
  memberCounts: MemberCounts;
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
export function learnUsers({ tokens, directory, recordings }: PassThroughDeps): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const token = tokenFrom(c.req.header('authorization'));
    if (c.req.method !== 'GET' || c.res.status !== 200 || !token) return;
    await recordWithin(recordings, 'a user', async () => {
      const answer = z.safeParse(userEnvelope, await answerJson(c));
      if (answer.success) await directory.save(await tokens.orgOf(token), [answer.data.result]);
    });
  };
}

/** After `POST /api/user_grp/create` answered: record the attempt and its outcome. */
export function recordMemberships({ tokens, history, memberCounts, recordings }: PassThroughDeps): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const token = tokenFrom(c.req.header('authorization'));
    // 401: the portal refused the token (no organisation to file it under); 413: body never read.
    if (c.req.method !== 'POST' || c.res.status === 401 || c.res.status === 413 || !token) return;
    await recordWithin(recordings, 'a membership', async () => {
      const request = z.safeParse(createRequestSchema, await requestJson(c));
      if (!request.success) return;
      const orgId = await tokens.orgOf(token);
      const outcome = await outcomeOf(c);
      await history.record(orgId, {
        grpId: request.data.user_grp_grp_id,
        userId: request.data.user_grp_user_id,
        groupAdmin: request.data.user_grp_group_admin === 1 ? 1 : 0,
        source: sourceOf(c.req.header('x-dashboard-source')),
        actor: actorOf(c.req.header('x-dashboard-actor')),
        ...outcome,
      });
      // The group has one member more than the count the server keeps.
      if (outcome.result === 'added') await memberCounts.forget(orgId, request.data.user_grp_grp_id);
    });
  };
}
