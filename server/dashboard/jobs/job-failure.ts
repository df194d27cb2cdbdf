// How a job's work fails: a JobFailure ends the job `failed` with its code (a refused token, a
// group gone); anything else that is the store's is a pause (the job is taken up again when the
// store answers); a portal failure on one row is that row's error code.
import { isApiError } from '#api/errors.ts';

export class JobFailure extends Error {
  constructor(readonly code: string) {
    super(`the job failed: ${code}`);
  }
}

/** The job was cancelled, taken over or the process is closing: its work ends, nothing is written. */
export class JobStopped extends Error {
  constructor() {
    super('the job was stopped');
  }
}

/** The error code a row keeps: the portal's own code, else what kind of failure it was. */
export function errorCodeOf(error: unknown): string {
  if (isApiError(error)) return error.code ?? (error.status ? `http_${error.status}` : error.kind);
  return 'failed';
}

/** "Ada Lovelace" (the browser's known-users.ts has the same rule, but that module is React's). */
export function displayName(person: { firstname: string | null; lastname: string | null }): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ');
}
