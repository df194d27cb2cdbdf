// One error type for everything the API layer can fail with. The message is for logs and
// developers; the UI picks its own localised words from `kind` (see components/api-error-message).
// Also what a portal answer that fails its schema is, wherever it is read: in the browser (a
// `contract` error) or by the dashboard server (502 `portal_answer_invalid`, with these details).
import * as z from 'zod/mini';

/** What is wrong with the field that broke: absent, of another type, or a value not allowed. */
export const fieldProblems = ['missing', 'wrong_type', 'invalid_value'] as const;
export type FieldProblem = (typeof fieldProblems)[number];

/** The dashboard server's error code for a portal answer that does not match the schemas. */
export const PORTAL_ANSWER_INVALID = 'portal_answer_invalid';

/** `details[0]` of a `portal_answer_invalid` error: the portal request, the field and its problem. */
export const answerInvalidDetailSchema = z.object({
  request: z.string(),
  field: z.string(),
  problem: z.enum(fieldProblems),
});
export type AnswerInvalidDetail = z.infer<typeof answerInvalidDetailSchema>;

/** The first issue of a failed parse of `value`: the field's path (`result.3.grp_name`) and its problem. */
export function firstFieldProblem(error: z.core.$ZodError, value: unknown): { field: string; problem: FieldProblem } {
  const issue = error.issues[0];
  if (!issue) return { field: '(root)', problem: 'invalid_value' };
  let at = value;
  for (const key of issue.path) at = typeof at === 'object' && at !== null ? Reflect.get(at, key) : undefined;
  const problem = at === undefined ? 'missing' : issue.code === 'invalid_type' ? 'wrong_type' : 'invalid_value';
  return { field: issue.path.map(String).join('.') || '(root)', problem };
}

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
  /** For `contract` errors: what is wrong with `field`. */
  problem?: FieldProblem;
  retryAfterSeconds?: number;
  /** The `error.details` of the error body, when it sent some. */
  details?: unknown[];
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
  /**
   * For an answer that broke the schema (`contract`, or the dashboard server's 502
   * `portal_answer_invalid`): the path of the field, e.g. `result.3.grp_name`, and its problem.
   */
  readonly field: string | undefined;
  readonly problem: FieldProblem | undefined;
  /** The portal request whose answer broke: `endpoint` itself, or the one the dashboard server made. */
  readonly portalRequest: string | undefined;
  /** For a 429: how long the portal asks to wait (its `Retry-After` header), when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The `error.details` of the body: a 400 `invalid_body` names the refused fields there. */
  readonly details: unknown[] | undefined;

  constructor(init: ApiErrorInit) {
    super(describe(init), { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.details = init.details;
    const relayed = init.code === PORTAL_ANSWER_INVALID ? answerInvalidDetailSchema.safeParse(init.details?.[0]) : null;
    this.field = relayed?.success ? relayed.data.field : init.field;
    this.problem = relayed?.success ? relayed.data.problem : init.problem;
    this.portalRequest = relayed?.success ? relayed.data.request : init.kind === 'contract' ? init.endpoint : undefined;
  }

  /** The portal answered, but not in the shape the dashboard expects (read here or by the dashboard server). */
  get isAnswerInvalid(): boolean {
    return this.kind === 'contract' || this.code === PORTAL_ANSWER_INVALID;
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
