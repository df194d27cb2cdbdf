// The list request body with the rules of docs/portal-api.md: start >= 0, limit 1..1000,
// `equal` only, columns of the listed resource only, value compared after conversion to the
// column's type ("12" equals 12; `equal` never matches null).
import * as z from 'zod/mini';
import { listRequestSchema } from '#schemas/envelope.ts';
import type { Resource } from '../db/resources.ts';
import { normaliseTimestamp } from '../db/time.ts';
import { quoted } from './echo.ts';
import { badRequest } from './errors.ts';
import { validate } from './body.ts';

export const MAX_LIMIT = 1000;

export interface Page {
  start: number;
  limit: number;
}

export interface Filter {
  /** Whitelisted column name -> converted value. */
  equal: Map<string, string | number>;
  /** True when some criteria can match nothing (e.g. "abc" on an integer column). */
  impossible: boolean;
}

const pageOnlySchema = z.object({ start: z.optional(z.int()), limit: z.optional(z.int()) });

function parsePage(body: { start?: number; limit?: number }, defaultLimit: number): Page {
  const start = body.start ?? 0;
  const limit = body.limit ?? defaultLimit;
  if (start < 0) throw badRequest('invalid_start', `"start" must be 0 or more, got ${start}.`);
  if (limit < 1 || limit > MAX_LIMIT) {
    throw badRequest(
      'invalid_limit',
      `"limit" must be between 1 and ${MAX_LIMIT}, got ${limit}. Page with "start" and "total".`,
    );
  }
  return { start, limit };
}

/** For /user/grp/{id}: start and limit only; criterias are ignored (docs/portal-api.md). */
export function parsePageRequest(body: unknown, defaultLimit: number): Page {
  return parsePage(validate(pageOnlySchema, body, 'request body'), defaultLimit);
}

type ListRequest = z.infer<typeof listRequestSchema>;

/**
 * The body when it is one listRequestSchema takes as it is (integers, criteria of strings), else
 * undefined for the schema to check and explain: the usual body without zod's parse, which cost
 * a twentieth of a cheap list's CPU.
 */
function plainListRequest(body: unknown): ListRequest | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { start, limit, criterias } = body as Record<string, unknown>;
  if ((start !== undefined && !Number.isSafeInteger(start)) || (limit !== undefined && !Number.isSafeInteger(limit)))
    return undefined;
  if (criterias === undefined) return { start: start as number | undefined, limit: limit as number | undefined };
  if (!Array.isArray(criterias)) return undefined;
  for (const c of criterias as unknown[]) {
    const { column, operator, value } = (c ?? {}) as Record<string, unknown>;
    if (
      typeof c !== 'object' ||
      typeof column !== 'string' ||
      typeof operator !== 'string' ||
      typeof value !== 'string'
    )
      return undefined;
  }
  return {
    start: start as number | undefined,
    limit: limit as number | undefined,
    criterias: criterias as ListRequest['criterias'],
  };
}

export function parseListRequest(body: unknown, res: Resource, defaultLimit: number): { page: Page; filter: Filter } {
  const req = plainListRequest(body) ?? validate(listRequestSchema, body, 'list request body');
  const page = parsePage(req, defaultLimit);
  const filter: Filter = { equal: new Map(), impossible: false };
  for (const [i, c] of (req.criterias ?? []).entries()) {
    const type = res.columns.get(c.column);
    if (type === undefined) {
      throw badRequest(
        'unknown_column',
        `criterias[${i}].column ${quoted(c.column)} is not a field of ${res.table}. Use one of: ${[...res.columns.keys()].join(', ')}.`,
      );
    }
    if (c.operator !== 'equal') {
      throw badRequest(
        'unknown_operator',
        `criterias[${i}].operator ${quoted(c.operator)} is not supported. Use "equal".`,
      );
    }
    const value = convert(c.value, type);
    if (value === null) {
      filter.impossible = true;
      continue;
    }
    const previous = filter.equal.get(c.column);
    // Two different values for one column can never both be equal: nothing matches.
    if (previous !== undefined && previous !== value) filter.impossible = true;
    filter.equal.set(c.column, value);
  }
  return { page, filter };
}

function convert(value: string, type: 'integer' | 'string' | 'datetime'): string | number | null {
  if (type === 'integer') {
    const t = value.trim();
    if (!/^[+-]?\d+$/.test(t)) return null;
    const n = Number(t);
    return Number.isSafeInteger(n) ? n : null;
  }
  if (type === 'datetime') return normaliseTimestamp(value) ?? value;
  return value;
}
