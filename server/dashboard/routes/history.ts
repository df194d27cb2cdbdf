// The history of memberships created through the server: a filtered, paginated list and its
// CSV export.
import type { Hono, MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import { listEnvelopeSchema } from '../../../src/api/schemas/envelope.ts';
import { historyEventSchema, historyExportQuerySchema, historyQuerySchema } from '../../../src/api/schemas/history.ts';
import { historyCsvHeader, historyCsvRows } from '../history-csv.ts';
import { readQuery, type DashboardEnv } from '../http.ts';
import type { History } from '../store/history.ts';

const historyEnvelope = listEnvelopeSchema(historyEventSchema);

export function historyRoutes(app: Hono<DashboardEnv>, auth: MiddlewareHandler<DashboardEnv>, history: History): void {
  app.get('/history', auth, async (c) => {
    const { start, limit, ...filter } = readQuery(c, historyQuerySchema, 'history query');
    const { total, events } = await history.list(c.var.orgId, filter, start, limit);
    return c.json(historyEnvelope.parse({ status: true, total, result: events }));
  });

  app.get('/history.csv', auth, async (c) => {
    const filter = readQuery(c, historyExportQuerySchema, 'history query');
    const orgId = c.var.orgId;
    const chunks = history.all(orgId, filter)[Symbol.asyncIterator]();
    // The first rows before the 200: a store that cannot be reached answers 503, not an empty CSV.
    const first = await chunks.next();
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="history.csv"');
    c.header('Cache-Control', 'no-store');
    // Written a chunk at a time: a long history never sits whole in memory.
    return stream(c, async (out) => {
      await out.write(historyCsvHeader());
      for (let chunk = first; !chunk.done; chunk = await chunks.next()) await out.write(historyCsvRows(chunk.value));
    });
  });
}
