import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useNavigate, useRouteError } from 'react-router';
import { ApiErrorNotice } from '../components/api-error-notice.tsx';
import { isApiError } from '../api/errors.ts';
import { useMessages } from '../lib/i18n.tsx';
import { appMessages } from './messages.ts';

/** The error boundary of every route: says what failed and offers a retry that re-runs the route. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { reset } = useQueryErrorResetBoundary();
  const t = useMessages(appMessages);
  const retry = () => {
    reset();
    void navigate('.', { replace: true });
  };
  return (
    <section className="empty-page" role="alert">
      <h1>{t.errorTitle}</h1>
      {isApiError(error) ? <ApiErrorNotice error={error} onRetry={retry} /> : <p>{t.errorBody}</p>}
      {!isApiError(error) && (
        <button type="button" className="button" onClick={retry}>
          {t.retry}
        </button>
      )}
    </section>
  );
}
