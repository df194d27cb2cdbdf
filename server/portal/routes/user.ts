// Users: lookup by organisation identifier, and the groups of one user.
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema } from '#schemas/grp.ts';
import { userSchema } from '#schemas/user.ts';
import { parseId, readJson } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { quoted } from '../echo.ts';
import { notFound } from '../errors.ts';
import { parsePageRequest } from '../list-request.ts';
import { groupsOfUserList } from '../list-specs.ts';

const userEnvelope = itemEnvelopeSchema(userSchema);
const grpListEnvelope = listEnvelopeSchema(grpSchema);

interface UserRow {
  user_id: number;
  properties: string;
  [field: string]: unknown;
}

export function userRoutes(app: PortalRoutes, { respond, db, lists, auth }: PortalContext): void {
  const userFields =
    'user_id, email, firstname, lastname, user_organisation_identifier, properties, user_created_date, user_updated_date';
  const byIdentifier = db.prepare(
    `SELECT ${userFields} FROM portal_user WHERE org_id = ? AND user_organisation_identifier = ?`,
  );
  const exists = db.prepare('SELECT 1 FROM portal_user WHERE user_id = ? AND org_id = ?');
  const groupNames = db.prepare(
    `SELECT g.grp_name FROM user_grp ug JOIN grp g ON g.grp_id = ug.user_grp_grp_id
     WHERE ug.org_id = ? AND ug.user_grp_user_id = ? AND g.org_id = ug.org_id ORDER BY g.grp_id`,
  );

  // [\s\S]+ rather than .+: `.` stops at an encoded line break (%0A, %E2%80%A8), which made
  // such a value a 404 route_not_found instead of a lookup.
  app.get('/user/get_by_organisation_identifier/:identifier{[\\s\\S]+}', auth, (c) => {
    const identifier = c.req.param('identifier');
    const orgId = c.get('auth').orgId;
    const user = byIdentifier.get(orgId, identifier) as UserRow | undefined;
    if (!user) throw notFound(`A user with organisation identifier ${quoted(identifier)}`);
    const groups = (groupNames.all(orgId, user.user_id) as { grp_name: string }[]).map((g) => g.grp_name);
    const result = { ...user, properties: JSON.parse(user.properties) as unknown, groups };
    return respond(c, userEnvelope, { status: true, result });
  });

  app.post('/user/grp/:id', auth, (c) => {
    const id = parseId(c.req.param('id'), 'user id');
    const page = parsePageRequest(readJson(c), groupsOfUserList.defaultLimit);
    const orgId = c.get('auth').orgId;
    if (!exists.get(id, orgId)) throw notFound(`User ${id}`);
    const { total, rows } = lists.run(groupsOfUserList.spec(orgId, id), page);
    return respond(c, grpListEnvelope, { status: true, total, result: rows });
  });
}
