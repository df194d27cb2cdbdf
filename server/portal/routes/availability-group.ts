import { listEnvelopeSchema } from '../../../src/api/schemas/envelope.ts';
import { availabilityGroupSchema } from '../../../src/api/schemas/availability-group.ts';
import { availabilityGroupResource, selectList } from '../../db/resources.ts';
import { readJson } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { parseListRequest } from '../list-request.ts';

const listEnvelope = listEnvelopeSchema(availabilityGroupSchema);
const columns = selectList(availabilityGroupResource, 'a');

export function availabilityGroupRoutes(app: PortalRoutes, { lists, auth }: PortalContext): void {
  app.post('/availability_group/get_all', auth, async (c) => {
    const { page, filter } = parseListRequest(await readJson(c), availabilityGroupResource, 10);
    const { total, rows } = lists.run(
      { select: columns, from: 'availability_group a', alias: 'a', where: ['a.org_id = ?'], params: [c.get('auth').orgId], orderBy: 'a.availability_group_id' },
      page,
      filter,
    );
    return c.json(listEnvelope.parse({ status: true, total, result: rows }));
  });
}
