import { isApiError, type ApiError } from '../api/errors.ts';
import { fill, useMessages } from '../lib/i18n.tsx';
import { componentMessages } from './messages.ts';

type Messages = (typeof componentMessages)['en'];

/** A sentence a person can act on, for any error the API layer throws. */
export function describeApiError(error: ApiError, t: Messages): string {
  switch (error.kind) {
    case 'network':
      return t.errorNetwork;
    case 'timeout':
      return t.errorTimeout;
    case 'aborted':
      return t.errorAborted;
    case 'rejected':
      return t.errorRejected;
    case 'contract':
      return error.field ? fill(t.errorContractField, { field: error.field }) : t.errorContract;
    case 'http':
      if (error.status === 401) return t.errorUnauthorized;
      if (error.status === 404) return t.errorNotFound;
      // Headers too large: in practice the token (pasted from the wrong place, or a whole file).
      if (error.status === 431) return t.errorHeadersTooLarge;
      return fill((error.status ?? 500) >= 500 ? t.errorServer : t.errorClient, { status: error.status ?? '?' });
  }
}

/** An inline alert for a failed request: what happened, which request, and a retry. */
export function ApiErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useMessages(componentMessages);
  const apiError = isApiError(error) ? error : null;
  return (
    <div className="notice notice-error" role="alert">
      <p>{apiError ? describeApiError(apiError, t) : t.errorNetwork}</p>
      {apiError?.serverMessage && apiError.kind !== 'contract' && (
        <p className="notice-detail">{fill(t.errorServerSays, { message: apiError.serverMessage })}</p>
      )}
      {apiError && <p className="notice-detail">{fill(t.errorRequest, { endpoint: apiError.endpoint })}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}
