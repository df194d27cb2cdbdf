// Building blocks of the dashboard server's own API (`/dashboard-api`, server/dashboard/).
// zod/mini and no React: the server validates with these, the dashboard parses with them and
// the OpenAPI document is generated from them.
import * as z from 'zod/mini';

/** A whole number in a query string (`?start=20`). */
export const queryInt = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

/** `start` and `limit` of a paginated list (limit at most 100). */
export const pageQueryShape = {
  start: z._default(queryInt(0, Number.MAX_SAFE_INTEGER), 0),
  limit: z._default(queryInt(1, 100), 20),
};

/** An ISO 8601 time in UTC as the store writes it (`2026-01-31T12:00:00.000Z`). */
export const storedTimeSchema = z.string();
