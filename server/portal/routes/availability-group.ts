import { listEnvelopeSchema } from '#schemas/envelope.ts';
import { availabilityGroupSchema } from '#schemas/availability-group.ts';
import { availabilityGroupResource } from '../../db/resources.ts';
import { readJson } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { parseListRequest } from '../list-request.ts';
import { availabilityGroupList } from '../list-specs.ts';

const listEnvelope = listEnvelopeSchema(availabilityGroupSchema);

export function availabilityGroupRoutes(app: PortalRoutes, { respond, lists, auth }: PortalContext): void {
  app.post('/availability_group/get_all', auth, (c) => {
    const { page, filter } = parseListRequest(
      readJson(c),
      availabilityGroupResource,
      availabilityGroupList.defaultLimit,
    );
    const { total, rows } = lists.run(availabilityGroupList.spec(c.get('auth').orgId, 0), page, filter);
    return respond(c, listEnvelope, { status: true, total, result: rows });
  });
}
