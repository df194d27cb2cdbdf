// The error boundary and loading state of every route. A failed page (a chunk that did not
// load, a query that threw) says what failed and offers a retry; moving to another page resets it.
// Code that did not load also offers a full reload: after a redeploy, only that gets the new build.
// The Suspense boundary stays mounted across pages: navigations are transitions, so the page
// being left stays on screen until the next one's code is there, instead of a "Loading the
// page…" that React would keep for at least 300 ms (its fallback throttling) however soon the
// code came.
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { retryFailedLoads } from '#lib/preloadable.tsx';
import { isCodeLoadError } from './lazy-page.tsx';
import { appMessages } from './messages.ts';
import { onSessionRenewed } from '#session/session-events.ts';

/**
 * `acrossPages`: the boundary of the signed-in shell around every page, which must not remount
 * (and lose the pages' own boundaries and its state) at each navigation; a failure it shows is
 * left by "Try again" or "Reload".
 */
export function RouteBoundary({ children, acrossPages = false }: { children: ReactNode; acrossPages?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<PageLoading />}>
      <QueryErrorResetBoundary>
        {({ reset }) => (
          <ErrorBoundary key={acrossPages ? 'shell' : pathname} onReset={reset}>
            {children}
          </ErrorBoundary>
        )}
      </QueryErrorResetBoundary>
    </Suspense>
  );
}

function PageLoading() {
  const t = useMessages(appMessages);
  return (
    <p className="page-status" role="status" aria-live="polite">
      {t.loadingPage}
    </p>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onReset: () => void;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  private unsubscribe: (() => void) | undefined;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidMount() {
    // A page that failed on the 401 of an expired session comes back once the user signs in again.
    this.unsubscribe = onSessionRenewed(() => {
      if (isApiError(this.state.error) && this.state.error.isUnauthorized) this.retry();
    });
  }

  override componentWillUnmount() {
    this.unsubscribe?.();
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The failure is on screen: code that failed is asked for again on the page's next render
    // ("Try again", a later visit), never by a render that would only show the same failure.
    retryFailedLoads();
    if (!isApiError(error)) console.error('Page failed', error, info.componentStack);
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RouteError error={this.state.error} onRetry={this.retry} />;
  }
}

function RouteError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useMessages(appMessages);
  if (isCodeLoadError(error)) return <CodeLoadError onRetry={onRetry} />;
  return (
    <section className="empty-page">
      <h1>{t.errorTitle}</h1>
      {isApiError(error) ? (
        <ApiErrorNotice error={error} onRetry={onRetry} />
      ) : (
        <div role="alert">
          <p>{t.errorBody}</p>
          <Button onClick={onRetry}>{t.retry}</Button>
        </div>
      )}
    </section>
  );
}

function CodeLoadError({ onRetry }: { onRetry: () => void }) {
  const t = useMessages(appMessages);
  return (
    <section className="empty-page">
      <h1>{t.codeLoadTitle}</h1>
      <div role="alert">
        <p>{t.codeLoadBody}</p>
        <div className="row">
          <Button kind="primary" onClick={() => window.location.reload()}>
            {t.reload}
          </Button>
          <Button onClick={onRetry}>{t.retry}</Button>
        </div>
      </div>
    </section>
  );
}
