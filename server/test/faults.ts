// The faults a portal, or the network in front of it, can produce, as the tests inject them: what
// each puts on the wire, and what the dashboard's error notice must then say (the message matrix).
// Two injectors share them: e2e/support/faults.ts (a browser's requests, through Playwright
// routes) and startPortal's `fault` (portal-servers.ts: a real socket, for the API layer and the
// notice, src/components/api-error-notice.test.tsx).

export type FaultKind =
  | 'http-500'
  | 'html-502'
  | 'timeout'
  | 'connection-reset'
  | 'malformed-json'
  | 'status-false'
  | 'missing-field'
  | 'extra-field'
  | 'wrong-type';

export const faultKinds: readonly FaultKind[] = [
  'http-500',
  'html-502',
  'timeout',
  'connection-reset',
  'malformed-json',
  'status-false',
  'missing-field',
  'extra-field',
  'wrong-type',
];

/** Faults a read is retried after (twice, with backoff); the others cannot be fixed by asking again. */
export const transientFaults: ReadonlySet<FaultKind> = new Set(['http-500', 'html-502', 'timeout', 'connection-reset']);

/** What a fault answers: nothing (the client's time limit ends the wait), a dropped connection, a made-up answer, or the real answer changed (`mutateAnswer`). */
export type FaultAnswer =
  | { kind: 'hang' }
  | { kind: 'drop' }
  | { kind: 'answer'; status: number; contentType: string; body: string }
  | { kind: 'mutate' };

export function faultAnswer(kind: FaultKind): FaultAnswer {
  switch (kind) {
    case 'http-500':
      return {
        kind: 'answer',
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, error: { code: 'internal_error', message: 'Injected server failure' } }),
      };
    case 'html-502':
      return {
        kind: 'answer',
        status: 502,
        contentType: 'text/html',
        body: '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
      };
    case 'timeout':
      return { kind: 'hang' };
    case 'connection-reset':
      return { kind: 'drop' };
    case 'malformed-json':
      return {
        kind: 'answer',
        status: 200,
        contentType: 'application/json',
        body: '{"status": true, "result": [{"grp_id": 1,',
      };
    case 'status-false':
      return {
        kind: 'answer',
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, error: { code: 'forbidden_operation', message: 'Injected refusal' } }),
      };
    case 'missing-field':
    case 'extra-field':
    case 'wrong-type':
      return { kind: 'mutate' };
  }
}

export interface MutateOptions {
  /** The field of the record to remove or retype (`missing-field`, `wrong-type`). */
  field?: string;
  /** The value given to `field` by `wrong-type` (default: a value of another JSON type). */
  wrongValue?: unknown;
}

/** Extra field a newer portal might add to any record. */
const EXTRA_FIELD = 'portal_future_field';

/** Changes the first record of the answer (`result`, or `result[0]` of a list). */
export function mutateAnswer(body: unknown, kind: FaultKind, options: MutateOptions = {}): unknown {
  if (!isRecord(body)) throw new Error('The portal answer is not an object');
  const result = body.result;
  const record = Array.isArray(result) ? result[0] : result;
  if (!isRecord(record)) throw new Error('The portal answer has no record to change (empty list?)');
  if (kind === 'extra-field') {
    record[EXTRA_FIELD] = { added: 'by a newer portal' };
    return body;
  }
  const field = options.field;
  if (!field || !(field in record)) throw new Error(`The record has no field "${field}" to change`);
  if (kind === 'missing-field') delete record[field];
  else record[field] = options.wrongValue ?? (typeof record[field] === 'string' ? 42 : 'not a number');
  return body;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the error notice must say for each fault (besides the request's name), `field` being the record's field a fault broke. */
export function expectedMessage(kind: FaultKind, field: string): RegExp {
  switch (kind) {
    case 'http-500':
      return /failed to answer \(HTTP 500\)\. Try again/;
    case 'html-502':
      return /failed to answer \(HTTP 502\)\. Try again/;
    case 'timeout':
      return /took too long to answer\. Try again/;
    case 'connection-reset':
      return /could not be reached\. Check your connection, then try again/;
    case 'malformed-json':
      return /does not understand/;
    case 'status-false':
      return /refused the request\.[\s\S]*Injected refusal/;
    case 'missing-field':
      return new RegExp(`did not match what the dashboard expects: field (?:[\\w.]*\\.)?${field} is missing\\.`);
    case 'wrong-type':
      // A string where a number belongs is a form the tolerant reader takes, with a value it cannot
      // read ("not a number"); a number where text belongs is of the wrong type.
      return new RegExp(
        `did not match what the dashboard expects: field (?:[\\w.]*\\.)?${field} (?:has the wrong type|has an unexpected value)\\.`,
      );
    case 'extra-field':
      throw new Error('an extra field is no fault');
  }
}
