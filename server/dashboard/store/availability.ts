// When the store cannot be reached (PostgreSQL stopped or restarting, a connection cut, a pool
// that cannot connect; a SQLite file locked, unreadable or on a full disk), the dashboard server answers 503 store_unavailable with Retry-After
// instead of a 500: the outage is weather, the client tries again. Everything else stays a bug.
import { PortalError } from '../../portal/errors.ts';

/** Seconds a client is asked to wait before trying again while the store is unreachable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL SQLSTATE classes and codes that say "the server is not there right now". */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node socket errors and pg's own messages when no connection can be had. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * better-sqlite3's codes for a file that cannot be used right now: locked by another process past
 * the busy timeout, a failing disk or a full one, a file that cannot be opened. IOERR has many
 * extended codes (SQLITE_IOERR_SHORT_READ, ...).
 */
const UNREACHABLE_SQLITE = /^SQLITE_(?:BUSY|LOCKED|IOERR|CANTOPEN|FULL)(?:_|$)/;
const UNREACHABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (?:was )?(?:closed|ended)/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

/** True when the error says the store is unreachable (not that a query was wrong). */
export function isStoreUnreachable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_SQLSTATES.has(code) || UNREACHABLE_ERRNOS.has(code)) return true;
    if (code.startsWith('08')) return true; // SQLSTATE class 08: connection exception
    if (UNREACHABLE_SQLITE.test(code)) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isStoreUnreachable);
  return UNREACHABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Thrown where the store is known to be down before any query is tried. */
export class StoreUnavailableError extends Error {
  constructor(message = 'The dashboard store cannot be reached.') {
    super(message);
  }
}

/** The answer to give while the store is unreachable. */
export function storeUnavailable(): PortalError {
  return new PortalError(
    503,
    'store_unavailable',
    `The dashboard server cannot reach its database right now. Try again in ${STORE_RETRY_AFTER_SECONDS} seconds.`,
    undefined,
    { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
  );
}
