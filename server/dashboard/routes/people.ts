// The people directory: save what the dashboard received, names for a page of user ids,
// search, one person, forget, size.
import type { Hono, MiddlewareHandler } from 'hono';
import { itemEnvelopeSchema } from '../../../src/api/schemas/envelope.ts';
import {
  directorySizeSchema,
  forgottenSchema,
  peopleNamesRequestSchema,
  peopleSearchQuerySchema,
  peopleSearchResultSchema,
  personSchema,
  savePeopleRequestSchema,
  savePeopleResultSchema,
} from '../../../src/api/schemas/directory.ts';
import * as z from 'zod/mini';
import { PortalError } from '../../portal/errors.ts';
import { pathId, readJsonBody, readQuery, type DashboardEnv } from '../http.ts';
import type { Directory } from '../store/directory.ts';

const personEnvelope = itemEnvelopeSchema(personSchema);
const peopleEnvelope = itemEnvelopeSchema(z.array(personSchema));

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
): void {
  app.post('/people', auth, async (c) => {
    const body = await readJsonBody(c, savePeopleRequestSchema, 'people');
    const saved = await directory.save(c.var.orgId, body.users);
    return c.json(itemEnvelopeSchema(savePeopleResultSchema).parse({ status: true, result: { saved } }));
  });

  app.post('/people/names', auth, async (c) => {
    const body = await readJsonBody(c, peopleNamesRequestSchema, 'user ids');
    return c.json(peopleEnvelope.parse({ status: true, result: await directory.byIds(c.var.orgId, body.user_ids) }));
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
