// Takes: the takes of one user (a list), and one take.
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { takeSchema } from '#schemas/take.ts';
import { selectList, takeResource } from '../../db/resources.ts';
import { parseId, readJson } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { notFound } from '../errors.ts';
import { parseListRequest } from '../list-request.ts';
import { takesOfUserList } from '../list-specs.ts';

const listEnvelope = listEnvelopeSchema(takeSchema);
const itemEnvelope = itemEnvelopeSchema(takeSchema);
const columns = selectList(takeResource, 't');

export function takeRoutes(app: PortalRoutes, { respond, db, lists, auth }: PortalContext): void {
  const byId = db.prepare(`SELECT ${columns} FROM take t WHERE t.take_id = ? AND t.org_id = ?`);
  const userExists = db.prepare('SELECT 1 FROM portal_user WHERE user_id = ? AND org_id = ?');

  app.post('/take/get_all_for_user/:userId', auth, (c) => {
    const userId = parseId(c.req.param('userId'), 'user id');
    const { page, filter } = parseListRequest(readJson(c), takeResource, takesOfUserList.defaultLimit);
    const orgId = c.get('auth').orgId;
    if (!userExists.get(userId, orgId)) throw notFound(`User ${userId}`);
    const { total, rows } = lists.run(takesOfUserList.spec(orgId, userId), page, filter);
    return respond(c, listEnvelope, { status: true, total, result: rows });
  });

  app.get('/take/get/:id', auth, (c) => {
    const id = parseId(c.req.param('id'), 'take id');
    const take = byId.get(id, c.get('auth').orgId);
    if (!take) throw notFound(`Take ${id}`);
    return respond(c, itemEnvelope, { status: true, result: take });
  });
}
