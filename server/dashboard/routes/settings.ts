// The organisation's settings for the dashboard: its display name and how often the directory
// refreshes its people. Any administrator of the organisation may read and change them.
import type { Hono, MiddlewareHandler } from 'hono';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { orgSettingsRequestSchema, orgSettingsSchema } from '#schemas/org-settings.ts';
import { readJsonBody, type DashboardEnv } from '../http.ts';
import type { OrgSettings, StoredSettings } from '../store/org-settings.ts';

const settingsEnvelope = itemEnvelopeSchema(orgSettingsSchema);

export function settingsRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  settings: OrgSettings,
  defaultRefreshHours: number,
): void {
  const answer = (stored: StoredSettings) =>
    settingsEnvelope.parse({
      status: true,
      result: {
        organisation_name: stored.organisation_name,
        directory_refresh_hours: stored.directory_refresh_hours ?? defaultRefreshHours,
        default_directory_refresh_hours: defaultRefreshHours,
        updated_at: stored.updated_at,
      },
    });

  app.get('/settings', auth, async (c) => c.json(answer(await settings.get(c.var.orgId))));

  app.put('/settings', auth, async (c) => {
    const body = await readJsonBody(c, orgSettingsRequestSchema, 'settings');
    // Spaces around the name are dropped; a name of spaces only is no name.
    const name = body.organisation_name?.trim() || null;
    const saved = await settings.put(c.var.orgId, {
      organisation_name: name,
      directory_refresh_hours: body.directory_refresh_hours,
    });
    return c.json(answer(saved));
  });
}
