// What the /api scope checks share: the manager's scope, the request's body read as the portal
// reads it (from a copy: the portal or the proxy reads the original), a path parameter, the
// portal token the guard put in, the portal asked with it, and answers made or replaced here.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { tolerantFields } from '#schemas/common.ts';
import type { Criteria } from '#schemas/envelope.ts';
import type { ColumnType, Resource } from '../../db/resources.ts';
import { normaliseTimestamp } from '../../db/time.ts';
import { PortalAnswerError, type PortalGateway } from '../../dashboard/portal-gateway.ts';
import { PORTAL_PAGE_SIZE } from '../../dashboard/portal-walk.ts';
import { parseJsonBody } from '../../portal/body.ts';
import { errorBody, notFound, PortalError } from '../../portal/errors.ts';
import type { Filter, Page } from '../../portal/list-request.ts';
import { requestHeader } from '../../portal/node-http.ts';
import { MAX_BODY_BYTES, tooLarge } from '../../portal/request-body.ts';
import { managerScopeOf, type ManagerScope } from './manager-scope.ts';

/** The scope of the request (a rule runs for managers only: managerRoutes lets the others by). */
export function scopeOf(c: Context): ManagerScope {
  const scope = managerScopeOf(c);
  if (!scope) throw new Error('A manager scope rule ran without a manager scope.');
  return scope;
}

/** The visible people: the members of the groups in scope (their lists gathered from the portal when stale). */
export const membersOf = (c: Context): Promise<ReadonlySet<number>> => asking(() => scopeOf(c).members());

/** The people in scope see each other; anyone else is answered as if they did not exist. */
export async function requireVisible(c: Context, userId: number): Promise<void> {
  if (!(await membersOf(c)).has(userId)) throw notFound(`User ${userId}`);
}

/** The body as the portal will parse it: 413 over its limit, 400 invalid_json, `{}` when empty. */
export async function bodyOf(c: Context): Promise<unknown> {
  if (Number(requestHeader(c, 'content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const body = c.req.raw.clone().body;
  if (!body) return {};
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof PortalError) throw error;
    // The client went away in the middle of its upload: nobody reads this answer.
    throw new PortalError(400, 'invalid_body', 'The request body did not arrive whole. Send it again.');
  }
  return parseJsonBody(Buffer.concat(chunks).toString('utf8'));
}

/** The criterias of a body parseListRequest accepted (strings only), to ask the portal the same. */
export function criteriasOf(body: unknown): Criteria[] {
  return (body as { criterias?: Criteria[] }).criterias ?? [];
}

/** The rule's one parameter, decoded, from the path as it came (an external id may hold `%2F`). */
export function pathParam(c: Context, rule: RegExp): string {
  const raw = rule.exec(new URL(c.req.url).pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const portalToken = (c: Context): string => requestHeader(c, 'authorization') ?? '';

/** A portal request made here: its refusal goes to the browser as the portal's error, never as a 500. */
export async function asking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PortalAnswerError)
      throw new PortalError(error.status as PortalError['status'], error.code, error.message);
    throw error;
  }
}

/** A record whose id field is read tolerantly ("12" is 12); its other fields are kept as the portal sent them. */
export const withId = (field: string) => z.looseObject({ [field]: tolerantFields.id });

/**
 * The first `count` records of a portal list (every one when `count` is absent), walked with
 * `total`, and that total. Each record's `idField` is read as an integer.
 */
export async function walkPortal(
  portal: PortalGateway,
  c: Context,
  path: string,
  idField: string,
  criterias: readonly Criteria[] | undefined,
  count = Infinity,
): Promise<{ total: number; records: Record<string, unknown>[] }> {
  const schema = z.array(withId(idField));
  const records: Record<string, unknown>[] = [];
  let total = Infinity;
  while (records.length < Math.min(total, count)) {
    const limit = Math.min(PORTAL_PAGE_SIZE, count - records.length);
    const page = await asking(() => portal.listPage(portalToken(c), path, records.length, limit, criterias));
    const parsed = z.safeParse(schema, page.result);
    if (!parsed.success) throw answerUnreadable(`POST ${path}`);
    total = page.total;
    if (parsed.data.length === 0) break;
    records.push(...parsed.data);
  }
  return { total: Number.isFinite(total) ? total : records.length, records };
}

export const answerUnreadable = (request: string) =>
  new PortalError(502, 'portal_answer_invalid', `The portal's answer for ${request} could not be read.`);

/** Whether a record holds every `equal` criteria, compared as the portal compares them (list-request.ts). */
export function matches(record: Readonly<Record<string, unknown>>, filter: Filter, resource: Resource): boolean {
  if (filter.impossible) return false;
  for (const [column, wanted] of filter.equal) {
    const type = resource.columns.get(column) as ColumnType;
    if (!equal(record[column], wanted, type)) return false;
  }
  return true;
}

function equal(value: unknown, wanted: string | number, type: ColumnType): boolean {
  // `equal` never matches null.
  if (value === null || value === undefined) return false;
  if (type === 'integer') return Number(value) === wanted;
  if (type === 'datetime') return (normaliseTimestamp(String(value)) ?? value) === wanted;
  return value === wanted;
}

/** A list answer in the portal's envelope: `total` and the page of `records` asked for. */
export const listAnswer = (c: Context, records: readonly unknown[], page: Page, total = records.length) =>
  c.json({ status: true, total, result: records.slice(page.start, page.start + page.limit) });

/** The JSON of the answer the route gave (undefined when it is not readable JSON). */
export async function answerOf(c: Context): Promise<unknown> {
  if (c.res.headers.get('content-encoding')) return undefined;
  return c.res
    .clone()
    .json()
    .catch(() => undefined);
}

/** Replaces the route's answer (after next()): its headers kept, but not its length. */
export function replaceAnswer(c: Context, status: number, body: unknown): void {
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  c.res = new Response(JSON.stringify(body), { status, headers });
}

/** Replaces the route's answer with this error. */
export function replaceWithError(c: Context, error: PortalError): void {
  replaceAnswer(c, error.status, errorBody(error.code, error.message, error.details));
}
