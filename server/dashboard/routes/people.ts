// The people directory: learn people by identifier (asked from the portal here, never taken
// from the browser), names for a page of user ids, search, one person, forget, size.
import type { Hono, MiddlewareHandler } from 'hono';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import {
  directorySizeSchema,
  forgottenSchema,
  peopleNamesRequestSchema,
  peopleSearchQuerySchema,
  peopleSearchResultSchema,
  learnPeopleRequestSchema,
  learnPeopleResultSchema,
  personSchema,
} from '#schemas/directory.ts';
import { limiter } from '#domain/limiter.ts';
import { PortalError } from '../../portal/errors.ts';
import { pathId, readJsonBody, readQuery, type DashboardEnv } from '../http.ts';
import type { PortalGateway } from '../portal-gateway.ts';
import type { Directory } from '../store/directory.ts';
import { tokenFrom } from '../token-check.ts';

const personEnvelope = itemEnvelopeSchema(personSchema);

/** Portal lookups at a time for one POST /people. */
const LOOKUPS_AT_ONCE = 8;

const unknownPerson = (userId: number) =>
  new PortalError(
    404,
    'not_found',
    `User ${userId} is not in your organisation's directory. Look them up by organisation identifier.`,
  );

export function peopleRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  directory: Directory,
  gateway: PortalGateway,
): void {
  // "The directory never holds more than the portal showed": the browser names identifiers, the
  // portal (asked with the caller's token, so only its organisation's users) gives the records.
  app.post('/people', auth, async (c) => {
    const body = await readJsonBody(c, learnPeopleRequestSchema, 'identifiers');
    const token = tokenFrom(c.req.header('authorization'));
    const oneAtATime = limiter(LOOKUPS_AT_ONCE);
    const identifiers = [...new Set(body.identifiers)];
    // A refused token or an unreachable portal fails the whole request (401, 502): nothing is saved.
    const found = await Promise.all(
      identifiers.map((identifier) => oneAtATime(() => gateway.findUserByIdentifier(token, identifier))),
    );
    const users = found.filter((user) => user !== undefined);
    const saved = await directory.save(c.var.orgId, users);
    return c.json(
      itemEnvelopeSchema(learnPeopleResultSchema).parse({
        status: true,
        result: { saved, not_found: identifiers.length - users.length },
      }),
    );
  });

  // The answer as the store built it, not parsed again: on a members page of 50 the parse cost
  // more CPU than the statement (directory-names.ts; its shape is tested in people.test.ts).
  app.post('/people/names', auth, async (c) => {
    const body = await readJsonBody(c, peopleNamesRequestSchema, 'user ids');
    return c.json({ status: true, result: await directory.byIds(c.var.orgId, body.user_ids) });
  });

  app.get('/people', auth, async (c) => {
    const query = readQuery(c, peopleSearchQuerySchema, 'search');
    const { total, totalCapped, people } = await directory.search(c.var.orgId, query.q, query.start, query.limit);
    return c.json(peopleSearchResultSchema.parse({ status: true, total, total_capped: totalCapped, result: people }));
  });

  // Before /people/:user_id, which would take "count" for an id.
  app.get('/people/count', auth, async (c) => {
    return c.json(
      itemEnvelopeSchema(directorySizeSchema).parse({ status: true, result: await directory.size(c.var.orgId) }),
    );
  });

  app.get('/people/:user_id', auth, async (c) => {
    const userId = pathId(c, 'user_id');
    const person = await directory.byId(c.var.orgId, userId);
    if (!person) throw unknownPerson(userId);
    return c.json(personEnvelope.parse({ status: true, result: person }));
  });

  app.delete('/people/:user_id', auth, async (c) => {
    const userId = pathId(c, 'user_id');
    if (!(await directory.forget(c.var.orgId, userId))) throw unknownPerson(userId);
    return c.json(
      itemEnvelopeSchema(forgottenSchema).parse({ status: true, result: { user_id: userId, forgotten: true } }),
    );
  });
}
