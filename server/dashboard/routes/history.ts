// The history of memberships created through the server: a filtered, paginated list and its
// CSV export. A group manager reads the events of their groups only (the same rows in both).
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';
import { stream } from 'hono/streaming';
import { listEnvelopeSchema } from '#schemas/envelope.ts';
import {
  historyCsvLanguages,
  historyCsvQuerySchema,
  historyEventSchema,
  historyQuerySchema,
  type HistoryCsvLanguage,
} from '#schemas/history.ts';
import { managerScopeOf } from '../../accounts/scope/manager-scope.ts';
import { historyCsvHeader, historyCsvRows } from '../history-csv.ts';
import { readQuery, type DashboardEnv } from '../http.ts';
import type { History, HistoryScope } from '../store/history.ts';

const historyEnvelope = listEnvelopeSchema(historyEventSchema);

/** `?lang=`, else the first language of Accept-Language we write (`fr-CA` counts as `fr`), else English. */
export function csvLanguage(c: Context, lang: HistoryCsvLanguage | undefined): HistoryCsvLanguage {
  if (lang) return lang;
  const chosen = accepts(c, {
    header: 'Accept-Language',
    supports: [...historyCsvLanguages],
    default: 'en',
    match: (languages, { supports, default: fallback }) => {
      const ranked = languages.filter((l) => l.q > 0).sort((a, b) => b.q - a.q);
      for (const { type } of ranked) {
        const primary = type.toLowerCase().split('-')[0];
        const found = supports.find((supported) => supported === primary);
        if (found) return found;
      }
      return fallback;
    },
  });
  return chosen === 'fr' ? 'fr' : 'en';
}

/** A manager's part of the history: the events of their groups, the names of the people they see. */
async function historyScope(c: Context): Promise<HistoryScope | undefined> {
  const scope = managerScopeOf(c);
  return scope && { grpIds: scope.groupIds, userIds: await scope.members() };
}

export function historyRoutes(app: Hono<DashboardEnv>, auth: MiddlewareHandler<DashboardEnv>, history: History): void {
  app.get('/history', auth, async (c) => {
    const { start, limit, ...filter } = readQuery(c, historyQuerySchema, 'history query');
    const { total, events } = await history.list(c.var.orgId, filter, start, limit, await historyScope(c));
    return c.json(historyEnvelope.parse({ status: true, total, result: events }));
  });

  app.get('/history.csv', auth, async (c) => {
    const { lang, ...filter } = readQuery(c, historyCsvQuerySchema, 'history query');
    const language = csvLanguage(c, lang);
    const orgId = c.var.orgId;
    const chunks = history.all(orgId, filter, await historyScope(c))[Symbol.asyncIterator]();
    // The first rows before the 200: a store that cannot be reached answers 503, not an empty CSV.
    const first = await chunks.next();
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Language', language);
    c.header('Vary', 'Accept-Language');
    c.header('Content-Disposition', 'attachment; filename="history.csv"');
    c.header('Cache-Control', 'no-store');
    // Written a chunk at a time: a long history never sits whole in memory.
    return stream(c, async (out) => {
      await out.write(historyCsvHeader(language));
      for (let chunk = first; !chunk.done; chunk = await chunks.next())
        await out.write(historyCsvRows(chunk.value, language));
    });
  });
}
