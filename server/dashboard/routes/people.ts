// The people directory: learn people by identifier (asked from the portal here, never taken
// from the browser), names for a page of user ids, search, one person, forget, size. A group
// manager (server/accounts/scope/dashboard-people-scope.ts) reads only the people of their
// groups, each showing only those groups.
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
  type Person,
} from '#schemas/directory.ts';
import { limiter } from '#domain/limiter.ts';
import { managerScopeOf, type ManagerScope } from '../../accounts/scope/manager-scope.ts';
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

/** The people a manager may see (undefined: everyone, for an admin or a token). */
async function visibleTo(scope: ManagerScope | undefined): Promise<ReadonlySet<number> | undefined> {
  return scope ? scope.members() : undefined;
}

/**
 * A person as a manager sees them: the groups outside their subtrees are left out, as if they did
 * not exist (names are matched against the names of the groups in scope).
 */
function inScope(people: Person[], scope: ManagerScope | undefined): Person[] {
  if (!scope) return people;
  const names = new Set(scope.groups.map((group) => group.grp_name));
  return people.map((person) => ({
    ...person,
    groups: person.groups.filter((name) => names.has(name)),
    group_ids: person.group_ids.filter((grpId) => scope.groupIds.has(grpId)),
  }));
}

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
    const scope = managerScopeOf(c);
    const visible = await visibleTo(scope);
    // Someone a manager may not see is left out, as an id the directory does not know is.
    const userIds = visible ? body.user_ids.filter((userId) => visible.has(userId)) : body.user_ids;
    return c.json({ status: true, result: inScope(await directory.byIds(c.var.orgId, userIds), scope) });
  });

  app.get('/people', auth, async (c) => {
    const query = readQuery(c, peopleSearchQuerySchema, 'search');
    const scope = managerScopeOf(c);
    const visible = await visibleTo(scope);
    const { total, totalCapped, people } = await directory.search(
      c.var.orgId,
      query.q,
      query.start,
      query.limit,
      visible && [...visible],
    );
    return c.json(
      peopleSearchResultSchema.parse({
        status: true,
        total,
        total_capped: totalCapped,
        result: inScope(people, scope),
      }),
    );
  });

  // Before /people/:user_id, which would take "count" for an id.
  app.get('/people/count', auth, async (c) => {
    const visible = await visibleTo(managerScopeOf(c));
    const size = await directory.size(c.var.orgId, visible && [...visible]);
    return c.json(itemEnvelopeSchema(directorySizeSchema).parse({ status: true, result: size }));
  });

  app.get('/people/:user_id', auth, async (c) => {
    const userId = pathId(c, 'user_id');
    const scope = managerScopeOf(c);
    const visible = await visibleTo(scope);
    // Someone a manager may not see is not in their directory: the same 404 as an unknown id.
    const person = visible && !visible.has(userId) ? undefined : await directory.byId(c.var.orgId, userId);
    if (!person) throw unknownPerson(userId);
    return c.json(personEnvelope.parse({ status: true, result: inScope([person], scope)[0] }));
  });

  app.delete('/people/:user_id', auth, async (c) => {
    const userId = pathId(c, 'user_id');
    if (!(await directory.forget(c.var.orgId, userId))) throw unknownPerson(userId);
    return c.json(
      itemEnvelopeSchema(forgottenSchema).parse({ status: true, result: { user_id: userId, forgotten: true } }),
    );
  });
}
