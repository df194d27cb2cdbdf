import { QueryClientProvider } from '@tanstack/react-query';
import { LocaleProvider } from '#lib/i18n.tsx';
import { ThemeProvider } from '#lib/theme.tsx';
import { SessionProvider, type StartedCheck } from '#session/session.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

/** `startedCheck`: the token check that start-up began before rendering (start.ts). The API client is set up there too. */
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
