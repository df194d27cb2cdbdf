// Building blocks shared by every resource schema. zod/mini keeps the first page small
// (17 kB instead of 83 kB minified) and these files import nothing from React, so the
// portal server loads them too: one contract for both halves.
import * as z from 'zod/mini';

export const idSchema = z.int();
/** `YYYY-MM-DDTHH:MM:SSZ`, or null where empty. Kept as a string: a real portal may vary. */
export const timestampSchema = z.nullable(z.string());
export const nullableString = z.nullable(z.string());
export const nullableInt = z.nullable(z.int());
