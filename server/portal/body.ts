// Reads a JSON request body. Every failure is a 400 with a message a person can act on.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { badRequest } from './errors.ts';
import { bufferedBody } from './request-body.ts';
import { quoted, visible } from './echo.ts';
import { issueMessage, issuePath, valueAt } from './issues.ts';

/**
 * The parsed body; an empty body counts as `{}` so that `POST` with no body takes the defaults.
 * A leading byte-order mark (some Windows tools write one) is accepted and ignored.
 */
export function readJson(c: Context): unknown {
  return parseJsonBody(bufferedBody(c));
}

/** A body's text parsed as readJson does (the accounts scope checks read a copy of the body this way). */
export function parseJsonBody(raw: string): unknown {
  const text = raw.replace(/^\uFEFF/, '');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    // V8 quotes a few characters of the input: made visible, in case they are invisible ones.
    throw badRequest('invalid_json', `The request body is not valid JSON: ${visible((e as Error).message)}.`);
  }
}

/** Validates with a zod schema; the zod issues go in `details` (paths and messages only). */
export function validate<T extends z.ZodMiniType>(schema: T, value: unknown, what: string): z.infer<T> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('invalid_body', `The ${what} must be a JSON object.`);
  }
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({
    path: issuePath(i),
    code: i.code,
    message: issueMessage(i, valueAt(value, i.path)),
  }));
  const first = details[0];
  const where = first?.path ? ` "${first.path}"` : '';
  throw badRequest('invalid_body', `In the ${what},${where} ${first?.message ?? 'is not valid'}.`, details);
}

/** A path id: an integer (docs/portal-api.md), otherwise 400. */
export function parseId(raw: string, name: string): number {
  if (!/^-?\d+$/.test(raw))
    throw badRequest('invalid_id', `The ${name} in the path must be an integer, got ${quoted(raw)}.`);
  const id = Number(raw);
  if (!Number.isSafeInteger(id))
    throw badRequest('invalid_id', `The ${name} in the path is too large: ${quoted(raw)}.`);
  return id;
}
