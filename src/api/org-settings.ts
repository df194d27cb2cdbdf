// The organisation's settings kept by the dashboard server (`/dashboard-api/settings`): its
// display name for the header and the age past which the directory looks people up again.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { orgSettingsSchema, type OrgSettingsRequest } from './schemas/org-settings.ts';

export async function fetchOrgSettings(signal?: AbortSignal) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: '/settings',
    endpoint: 'GET /dashboard-api/settings',
    schema: itemEnvelopeSchema(orgSettingsSchema),
    signal,
  });
  return body.result;
}

export async function saveOrgSettings(settings: OrgSettingsRequest) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'PUT',
    path: '/settings',
    endpoint: 'PUT /dashboard-api/settings',
    body: settings,
    schema: itemEnvelopeSchema(orgSettingsSchema),
  });
  return body.result;
}

export const orgSettingsQueries = {
  all: () => ['org-settings'] as const,
  settings: () =>
    queryOptions({
      queryKey: orgSettingsQueries.all(),
      queryFn: ({ signal }) => fetchOrgSettings(signal),
      // Changed from the settings page, which updates this cache itself.
      staleTime: 5 * 60_000,
      // A server without the endpoint (route_not_found) or a static host answers at once.
      retry: false,
    }),
};
