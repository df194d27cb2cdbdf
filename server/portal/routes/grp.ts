// Groups: list, one group with its direct children, lookup by external id.
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema, grpWithChildrenSchema } from '#schemas/grp.ts';
import { grpResource, selectList } from '../../db/resources.ts';
import { parseId, readJson } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { quoted } from '../echo.ts';
import { notFound } from '../errors.ts';
import { parseListRequest } from '../list-request.ts';
import { grpList } from '../list-specs.ts';

const listEnvelope = listEnvelopeSchema(grpSchema);
const itemEnvelope = itemEnvelopeSchema(grpSchema);
const withChildrenEnvelope = itemEnvelopeSchema(grpWithChildrenSchema);
const columns = selectList(grpResource, 'g');

export function grpRoutes(app: PortalRoutes, { respond, db, lists, auth }: PortalContext): void {
  const byId = db.prepare(`SELECT ${columns} FROM grp g WHERE g.grp_id = ? AND g.org_id = ?`);
  const children = db.prepare(
    `SELECT ${columns} FROM grp g WHERE g.org_id = ? AND g.grp_parent_id = ? ORDER BY g.grp_id`,
  );
  const byExternalId = db.prepare(
    `SELECT ${columns} FROM grp g WHERE g.org_id = ? AND g.grp_external_id = ? ORDER BY g.grp_id LIMIT 1`,
  );

  app.post('/grp/get_all', auth, (c) => {
    const { page, filter } = parseListRequest(readJson(c), grpResource, grpList.defaultLimit);
    const { total, rows } = lists.run(grpList.spec(c.get('auth').orgId, 0), page, filter);
    return respond(c, listEnvelope, { status: true, total, result: rows });
  });

  app.get('/grp/get_with_children/:id', auth, (c) => {
    const id = parseId(c.req.param('id'), 'group id');
    const orgId = c.get('auth').orgId;
    const group = byId.get(id, orgId) as Record<string, unknown> | undefined;
    if (!group) throw notFound(`Group ${id}`);
    const result = { ...group, children: children.all(orgId, id) };
    return respond(c, withChildrenEnvelope, { status: true, result });
  });

  // [\s\S]+ rather than .+: `.` stops at an encoded line break (%0A, %E2%80%A8), which made
  // such a value a 404 route_not_found instead of a lookup.
  app.get('/grp/get_by_external_id/:externalId{[\\s\\S]+}', auth, (c) => {
    const externalId = c.req.param('externalId');
    const group = byExternalId.get(c.get('auth').orgId, externalId);
    if (!group) throw notFound(`A group with external id ${quoted(externalId)}`);
    return respond(c, itemEnvelope, { status: true, result: group });
  });
}
