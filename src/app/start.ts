// What runs first: main.tsx imports this module before React, the router and the app, so it is
// evaluated before them. It sets up the API client and starts a signed-in load (first-load.ts):
// the token check, the page's code and its first data are on their way while the rest of the
// entry script is still being evaluated and React renders.
import { configureApi } from '#api/config.ts';
import { readToken } from '#lib/token-storage.ts';
import { notifySessionExpired } from '#session/session-events.ts';
import { startFirstLoad } from './first-load.ts';
import { queryClient } from './query-client.ts';

/** The portal's base URL: the `portal-api-url` meta tag (editable after a build), the build-time
 * VITE_PORTAL_API_URL, or `/api` on the server that serves the dashboard. */
function portalBaseUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="portal-api-url"]')?.content.trim();
  const configured = meta || import.meta.env.VITE_PORTAL_API_URL || '/api';
  return configured.replace(/\/+$/, '');
}

configureApi({ baseUrl: portalBaseUrl(), getToken: readToken, onUnauthorized: notifySessionExpired });

/** The check of the stored token started here, for SessionProvider; null without a token. */
export const startedCheck = startFirstLoad(queryClient, window.location);
