// The wait a 429 asks for, read from its Retry-After header (shared by the client and the budgets).
/** `Retry-After` in seconds: a whole number of seconds, or an HTTP date (RFC 9110). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its day and month; Date.parse alone would take "-5" for a year.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Retry-After absent or unreadable: wait this long (ms). */
export const DEFAULT_RETRY_AFTER_MS = 1000;

/** How long a 429 asks to wait, in ms (DEFAULT_RETRY_AFTER_MS when it does not say). */
export function retryAfterMs(response: Response, now = Date.now()): number {
  const seconds = retryAfterSeconds(response.headers.get('Retry-After'), now);
  return seconds === undefined ? DEFAULT_RETRY_AFTER_MS : seconds * 1000;
}
