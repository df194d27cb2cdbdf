// Building blocks shared by every resource schema. zod/mini keeps the first page small
// (17 kB instead of 83 kB minified) and these files import nothing from React, so the
// portal server loads them too: one contract for both halves.
//
// Each portal record is written once, as a function of a field kit: with `strict` it is what the
// embedded portal sends and what its OpenAPI document describes; with `tolerant` it is what the
// readers (the dashboard, the dashboard server) accept from any portal, where a real deployment
// bends the documented types but the meaning stays certain (docs/portal-api.md, "What the
// dashboard tolerates"). Both give the same output types.
import * as z from 'zod/mini';

export const idSchema = z.int();
/** `YYYY-MM-DDTHH:MM:SSZ`, or null where empty. */
export const timestampSchema = z.nullable(z.string());
export const nullableString = z.nullable(z.string());
export const nullableInt = z.nullable(z.int());

/** A JSON integer, or a string of decimal digits (optionally signed) that reads as one exactly. */
const tolerantInt = z.union(
  [z.int(), z.pipe(z.string().check(z.regex(/^[+-]?\d+$/)), z.pipe(z.transform(Number), z.int()))],
  { error: 'expected an integer or a string of decimal digits' },
);
/** A JSON number, or a string that is one in decimal notation (`"12.5"`, `"-3"`, `"1e3"`). */
const tolerantNumber = z.union(
  [
    z.number(),
    z.pipe(
      z.string().check(z.regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/)),
      z.pipe(z.transform(Number), z.number()),
    ),
  ],
  { error: 'expected a number or a numeric string' },
);
const emptyIsNull = <T>(value: T | '' | null): T | null => (value === '' ? null : (value as T | null));
/** Optional text: `""` and null both mean "not set" (read as null). */
const tolerantText = z.pipe(z.nullable(z.string()), z.transform(emptyIsNull<string>));
const tolerantNullable = (schema: z.ZodMiniType<number, unknown>) =>
  z.pipe(z.union([z.literal(''), z.null(), schema]), z.transform(emptyIsNull<number>));

// Extended (2024-01-02T10:00:00.5+02:00) or basic (20240102T100000Z) ISO 8601, always with Z or
// an offset: a time without one would be a guess at the portal's zone, so it stays an error.
const isoDateTime =
  /^(\d{4})-?(\d{2})-?(\d{2})[T ](\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?(?:Z|([+-])(\d{2}):?(\d{2})?)$/i;

/** An ISO 8601 date and time with Z or a UTC offset, as `YYYY-MM-DDTHH:MM:SS[.mmm]Z`; undefined otherwise. */
export function utcTimestamp(text: string): string | undefined {
  const m = isoDateTime.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', fraction = '0', sign, oh = '0', om = '0'] = m;
  const ms = Math.floor(Number(`0.${fraction}`) * 1000);
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(local);
  // Date.UTC rolls 2024-02-30 over to March: a date that does not exist is not read.
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23) return undefined;
  if (Number(mi) > 59 || Number(s) > 59 || Number(oh) > 23 || Number(om) > 59) return undefined;
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return new Date(local - offset).toISOString().replace('.000Z', 'Z');
}

const tolerantTimestamp = z.pipe(
  z.nullable(z.string()),
  z.transform((value, ctx) => {
    if (value === null || value === '') return null;
    const utc = utcTimestamp(value);
    if (utc !== undefined) return utc;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'expected an ISO 8601 date and time with Z or a UTC offset',
    });
    return z.NEVER;
  }),
);

/** The field kinds of portal records, strict (as documented) or tolerant (as read). */
export const strictFields = {
  id: idSchema,
  int: z.int(),
  nullableInt,
  /** 0 or 1. */
  flag: z.int(),
  nullableNumber: z.nullable(z.number()),
  text: nullableString,
  timestamp: timestampSchema,
  /** A group's parent: null for a root. */
  parentId: nullableInt,
  total: z.int(),
};

export const tolerantFields = {
  id: tolerantInt,
  int: tolerantInt,
  nullableInt: tolerantNullable(tolerantInt),
  flag: z.union([z.literal(0), z.literal(1), z.pipe(z.union([z.literal('0'), z.literal('1')]), z.transform(Number))], {
    error: 'expected 0 or 1',
  }),
  nullableNumber: tolerantNullable(tolerantNumber),
  text: tolerantText,
  timestamp: tolerantTimestamp,
  // A root group's parent: null, 0 or no field at all.
  parentId: z.pipe(
    z.optional(z.union([z.literal(''), z.null(), tolerantInt])),
    z.transform((value) => (value === '' || value === null || value === undefined || value === 0 ? null : value)),
  ),
  total: z.pipe(tolerantInt, z.int().check(z.nonnegative())),
};

export type FieldKit = typeof strictFields | typeof tolerantFields;
