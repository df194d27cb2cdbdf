// Success answers, sent as the queries built them. Where responses are validated (the tests),
// each is first checked against its zod schema, strictly: a field missing, mistyped or extra
// fails the request with a 500, so a query and its schema cannot drift apart unnoticed. In
// production the check is off: parsing every list again cost a fifth of a 50-row page's time.
import type { Context } from 'hono';
import { isDeepStrictEqual } from 'node:util';
import type * as z from 'zod/mini';

export type Respond = (c: Context, schema: z.ZodMiniType, body: unknown) => Response;

/** On by default under vitest, so that every test of the portal checks the answers it gets. */
export function validatingByDefault(): boolean {
  return process.env.VITEST !== undefined;
}

function checked(schema: z.ZodMiniType, body: unknown): unknown {
  // zod drops the fields its schema does not know: an answer equal to its parse has none.
  if (!isDeepStrictEqual(schema.parse(body), body)) throw new Error('The answer has fields its schema does not have.');
  return body;
}

export function responder(validate: boolean): Respond {
  // The body as built in both cases, so that the tests see the very bytes production sends.
  return validate ? (c, schema, body) => c.json(checked(schema, body)) : (c, _schema, body) => c.json(body);
}
