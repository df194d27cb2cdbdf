// Building blocks of the dashboard server's own API (`/dashboard-api`, server/dashboard/).
// zod/mini and no React: the server validates with these, the dashboard parses with them and
// the OpenAPI document is generated from them.
import * as z from 'zod/mini';

/** A whole number in a query string (`?start=20`). */
export const queryInt = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

/**
 * The portal numbers its records with 32-bit signed integers: an id above this names no record,
 * and the dashboard server answers 400 invalid_id for it (SQLite and PostgreSQL alike).
 */
export const MAX_PORTAL_ID = 2_147_483_647;

/** A record id sent to the dashboard server (body or query): 1 to MAX_PORTAL_ID. */
export const portalIdSchema = z.int().check(z.positive(), z.maximum(MAX_PORTAL_ID));
export const queryPortalId = () => queryInt(1, MAX_PORTAL_ID);

/** C0 and C1 control characters but tab, line feed and carriage return. */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

/** Text the dashboard server stores: no NUL or other control character (PostgreSQL cannot hold NUL). */
export const storedTextSchema = z
  .string()
  .check(z.refine((text) => !CONTROL_CHARACTERS.test(text), 'must not contain control characters (such as NUL)'));

/** `start` and `limit` of a paginated list (limit at most 100). */
export const pageQueryShape = {
  start: z._default(queryInt(0, Number.MAX_SAFE_INTEGER), 0),
  limit: z._default(queryInt(1, 100), 20),
};

/** An ISO 8601 time in UTC as the store writes it (`2026-01-31T12:00:00.000Z`). */
export const storedTimeSchema = z.string();
