// A history of a few events served to a page in place of the dashboard server's, for the sweeps of
// the pages that show it (the overview, History): what the run recorded so far depends on which
// specs ran before, and these pages must be checked with rows in them. Checked against the
// dashboard's schema, so the page gets nothing the server could not send.
import type { Page } from '@playwright/test';
import { listEnvelopeSchema } from '../../src/api/schemas/envelope.ts';
import { historyEventSchema } from '../../src/api/schemas/history.ts';

/** The person the served events are about: their name shows once the history has loaded. */
export const servedHistoryPerson = 'Olivia Guérin';

const person = {
  user_id: 241,
  firstname: 'Olivia',
  lastname: 'Guérin',
  email: 'olivia.guerin@example.org',
  user_organisation_identifier: 'E100241',
};

const events = listEnvelopeSchema(historyEventSchema).parse({
  status: true,
  total: 4,
  result: [
    { event_id: 4, at: '2026-03-02T09:30:00Z', grp_id: 65, group_admin: 0, source: 'form', actor: 'Zoé Lambert' },
    { event_id: 3, at: '2026-03-01T16:05:00Z', grp_id: 70, group_admin: 1, source: 'import', actor: null },
    {
      event_id: 2,
      at: '2026-02-27T11:00:00Z',
      grp_id: 11,
      group_admin: 0,
      source: 'bulk',
      actor: 'Zoé Lambert',
      result: 'already_member',
      error_code: 'duplicate_membership',
    },
    {
      event_id: 1,
      at: '2026-02-26T08:45:00Z',
      grp_id: 12,
      group_admin: 0,
      source: 'copy',
      actor: null,
      result: 'failed',
      error_code: 'http_503',
    },
  ].map((event) => {
    const result = event.result ?? 'added';
    // A membership was made only when the person was added.
    const membership_id = result === 'added' ? event.event_id + 9000 : null;
    return { error_code: null, ...person, ...event, result, membership_id };
  }),
});

export async function serveHistory(page: Page): Promise<void> {
  await page.route(/\/dashboard-api\/history(\?|$)/, (route) => route.fulfill({ json: events }));
}
