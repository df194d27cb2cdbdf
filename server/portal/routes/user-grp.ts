// Memberships: list, and the API's one write, create (404 unknown group/user, 409 duplicate).
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { userGrpCreateSchema, userGrpSchema } from '#schemas/user-grp.ts';
import { selectList, userGrpResource } from '../../db/resources.ts';
import { formatTimestamp } from '../../db/time.ts';
import { readJson, validate } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { PortalError, notFound } from '../errors.ts';
import { parseListRequest } from '../list-request.ts';
import { userGrpList } from '../list-specs.ts';

const listEnvelope = listEnvelopeSchema(userGrpSchema);
const itemEnvelope = itemEnvelopeSchema(userGrpSchema);
const columns = selectList(userGrpResource, 'ug');

export function userGrpRoutes(app: PortalRoutes, { respond, db, lists, auth }: PortalContext): void {
  const groupExists = db.prepare('SELECT 1 FROM grp WHERE grp_id = ? AND org_id = ?');
  const userExists = db.prepare('SELECT 1 FROM portal_user WHERE user_id = ? AND org_id = ?');
  const pairExists = db.prepare('SELECT 1 FROM user_grp WHERE user_grp_grp_id = ? AND user_grp_user_id = ?');
  const insert = db.prepare(
    `INSERT INTO user_grp (org_id, user_grp_grp_id, user_grp_user_id, user_grp_group_admin, user_grp_created_date, user_grp_updated_date)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare(`SELECT ${columns} FROM user_grp ug WHERE ug.user_grp_id = ?`);

  // One immediate transaction: the checks and the insert see the same state, and the
  // unique index is the last word if another process wrote the same pair meanwhile.
  const create = db.transaction((orgId: number, grpId: number, userId: number, admin: number) => {
    if (!groupExists.get(grpId, orgId)) throw notFound(`Group ${grpId}`);
    if (!userExists.get(userId, orgId)) throw notFound(`User ${userId}`);
    if (pairExists.get(grpId, userId)) throw duplicate(grpId, userId);
    const now = formatTimestamp(Date.now());
    try {
      const info = insert.run(orgId, grpId, userId, admin, now, now);
      return byId.get(info.lastInsertRowid);
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw duplicate(grpId, userId);
      throw e;
    }
  });

  app.post('/user_grp/get_all', auth, (c) => {
    const { page, filter } = parseListRequest(readJson(c), userGrpResource, userGrpList.defaultLimit);
    const { total, rows } = lists.run(userGrpList.spec(c.get('auth').orgId, 0), page, filter);
    return respond(c, listEnvelope, { status: true, total, result: rows });
  });

  app.post('/user_grp/create', auth, (c) => {
    const body = validate(userGrpCreateSchema, readJson(c), 'membership');
    const result = create.immediate(
      c.get('auth').orgId,
      body.user_grp_grp_id,
      body.user_grp_user_id,
      body.user_grp_group_admin ?? 0,
    );
    return respond(c, itemEnvelope, { status: true, result });
  });
}

function duplicate(grpId: number, userId: number): PortalError {
  return new PortalError(
    409,
    'duplicate_membership',
    `User ${userId} is already a member of group ${grpId}. Nothing was written.`,
  );
}
