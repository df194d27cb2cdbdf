// One error type for everything the API layer can fail with. The message is for logs and
// developers; the UI picks its own localised words from `kind` (see components/api-error-message).

type ApiErrorKind =
  | 'network' // no answer at all (offline, DNS, connection refused or dropped)
  | 'timeout' // no answer within the client's time limit
  | 'http' // an HTTP error status (4xx/5xx)
  | 'rejected' // HTTP 2xx but `status: false`
  | 'contract' // the answer is not JSON, or does not match the schema
  | 'aborted'; // the caller cancelled (navigation, unmount)

interface ApiErrorInit {
  kind: ApiErrorKind;
  endpoint: string;
  status?: number;
  code?: string;
  serverMessage?: string;
  field?: string;
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** e.g. `POST /grp/get_all`: the operation, never the URL (which could be a secret host). */
  readonly endpoint: string;
  readonly status: number | undefined;
  /** The `error.code` of the portal's error body, when it sent one. */
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  /** For `contract` errors: the path of the field that broke, e.g. `result.3.grp_name`. */
  readonly field: string | undefined;
  /** For a 429: how long the portal asks to wait (its `Retry-After` header), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(describe(init), { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.field = init.field;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  get isUnauthorized(): boolean {
    return this.kind === 'http' && this.status === 401;
  }

  get isNotFound(): boolean {
    return this.kind === 'http' && this.status === 404;
  }

  /** The portal refuses more attempts for a while (too many failed sign-ins or token checks). */
  get isRateLimited(): boolean {
    return this.kind === 'http' && this.status === 429;
  }
}

function describe(init: ApiErrorInit): string {
  const where = init.endpoint;
  switch (init.kind) {
    case 'network':
      return `${where}: the portal could not be reached`;
    case 'timeout':
      return `${where}: the portal did not answer in time`;
    case 'http':
      return `${where}: HTTP ${init.status}${init.serverMessage ? `: ${init.serverMessage}` : ''}`;
    case 'rejected':
      return `${where}: the portal refused the request${init.serverMessage ? `: ${init.serverMessage}` : ''}`;
    case 'contract':
      return `${where}: unexpected answer${init.field ? ` at field "${init.field}"` : ''}${init.serverMessage ? ` (${init.serverMessage})` : ''}`;
    case 'aborted':
      return `${where}: cancelled`;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
