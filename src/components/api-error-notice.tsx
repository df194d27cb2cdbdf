import { isApiError, type ApiError } from '#api/errors.ts';
import { fill, useLocale, useMessages, type Locale } from '#lib/i18n.tsx';
import { Button } from './button.tsx';
import { componentMessages } from './messages.ts';

type Messages = (typeof componentMessages)['en'];

/** A sentence a person can act on, for any error the API layer throws. */
export function describeApiError(error: ApiError, t: Messages, locale: Locale = 'en'): string {
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
      return answerInvalid(error, t) ?? t.errorContract;
    case 'http':
      if (error.isAnswerInvalid) return answerInvalid(error, t) ?? t.errorContract;
      if (error.status === 401) return t.errorUnauthorized;
      if (error.status === 404) return t.errorNotFound;
      if (error.isRateLimited) return tooManyAttempts(error.retryAfterSeconds, t, locale);
      // Headers too large: in practice the token (pasted from the wrong place, or a whole file).
      if (error.status === 431) return t.errorHeadersTooLarge;
      return fill((error.status ?? 500) >= 500 ? t.errorServer : t.errorClient, { status: error.status ?? '?' });
  }
}

/**
 * The portal answered, but a field broke the schemas: the same sentence whether the browser read
 * the answer or the dashboard server did (and passed it on as `portal_answer_invalid`).
 */
function answerInvalid(error: ApiError, t: Messages): string | null {
  if (!error.field || !error.problem) return null;
  const sentence = {
    missing: t.errorAnswerMissing,
    wrong_type: t.errorAnswerWrongType,
    invalid_value: t.errorAnswerInvalidValue,
  }[error.problem];
  return fill(sentence, { what: answerFor(error.portalRequest ?? error.endpoint, t), field: fieldName(error.field) });
}

/** `result.3.grp_name` → `grp_name`: the record's position is for the details, not the sentence. */
function fieldName(path: string): string {
  const named = path.split('.').filter((part, index) => !/^\d+$/.test(part) && !(index === 0 && part === 'result'));
  return named.length > 0 ? named.join('.') : path;
}

/** What a portal request reads, in the reader's words (`POST /grp/get_all` → groups); the request itself otherwise. */
function answerFor(request: string, t: Messages): string {
  const resource = /^[A-Z]+ \/([a-z_]+)/.exec(request)?.[1];
  const words: Record<string, string> = {
    grp: t.answerForGroups,
    user_grp: t.answerForMemberships,
    user: t.answerForUsers,
    take: t.answerForTakes,
    product: t.answerForProducts,
    product_access: t.answerForProductAccess,
    availability_group: t.answerForAvailability,
    token: t.answerForToken,
  };
  return (resource !== undefined && Object.hasOwn(words, resource) ? words[resource] : undefined) ?? request;
}

function tooManyAttempts(seconds: number | undefined, t: Messages, locale: Locale): string {
  if (seconds === undefined) return t.errorTooManyAttempts;
  // The language's own plural rule: French says "0 seconde", English "0 seconds".
  const one = new Intl.PluralRules(locale).select(seconds) === 'one';
  return fill(one ? t.errorTooManyAttemptsOne : t.errorTooManyAttemptsOther, {
    n: new Intl.NumberFormat(locale).format(seconds),
  });
}

/**
 * An inline alert for a failed request: what failed (`title`, in the user's words) and why, in the
 * user's language; the request and the portal's own message (often English) only under "Details",
 * for support.
 */
export function ApiErrorNotice({ title, error, onRetry }: { title?: string; error: unknown; onRetry?: () => void }) {
  const t = useMessages(componentMessages);
  const { locale } = useLocale();
  const apiError = isApiError(error) ? error : null;
  const reason = apiError ? describeApiError(apiError, t, locale) : t.errorNetwork;
  return (
    <div className="notice notice-error" role="alert">
      {title ? (
        <p>
          <strong>{title}</strong> {reason}
        </p>
      ) : (
        <p>{reason}</p>
      )}
      {apiError && (
        <details className="notice-detail">
          <summary>{t.errorDetails}</summary>
          <p>{fill(t.errorRequest, { endpoint: apiError.endpoint })}</p>
          {apiError.portalRequest && apiError.portalRequest !== apiError.endpoint && (
            <p>{fill(t.errorRequest, { endpoint: apiError.portalRequest })}</p>
          )}
          {apiError.field && <p>{fill(t.errorField, { field: apiError.field })}</p>}
          {apiError.serverMessage && !apiError.isAnswerInvalid && (
            <p>{fill(t.errorServerSays, { message: apiError.serverMessage })}</p>
          )}
        </details>
      )}
      {onRetry && <Button onClick={onRetry}>{t.retry}</Button>}
    </div>
  );
}
