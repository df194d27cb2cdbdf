import { QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from '../api/config.ts';
import { LocaleProvider } from '../lib/i18n.tsx';
import { ThemeProvider } from '../lib/theme.tsx';
import { readToken } from '../lib/token-storage.ts';
import { notifySessionExpired } from '../session/session-events.ts';
import { SessionProvider, type StartedCheck } from '../session/session.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

configureApi({ baseUrl: portalBaseUrl(), getToken: readToken, onUnauthorized: notifySessionExpired });

/** The portal's base URL: the `portal-api-url` meta tag (editable after a build), the build-time
 * VITE_PORTAL_API_URL, or `/api` on the server that serves the dashboard. */
function portalBaseUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="portal-api-url"]')?.content.trim();
  const configured = meta || import.meta.env.VITE_PORTAL_API_URL || '/api';
  return configured.replace(/\/+$/, '');
}

/** `startedCheck`: the token check that start-up began before rendering (first-load.ts). */
export function App({ startedCheck = null }: { startedCheck?: StartedCheck | null }) {
  return (
    <LocaleProvider>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider startedCheck={startedCheck}>
            <AppRoutes />
          </SessionProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </LocaleProvider>
  );
}
