// One read of any portal path by a gathering (progress reports), on the dashboard server or in
// the browser: the answer checked against its schema, and a failure naming the request.
import type * as z from 'zod/mini';

export interface PortalRead<S extends z.ZodMiniType> {
  method: 'GET' | 'POST';
  /** Path under the portal's API root, its parameters encoded: `/take/get_all_for_user/257`. */
  path: string;
  body?: unknown;
  schema: S;
}

/**
 * A portal request that failed: `request` says which (`POST /take/get_all_for_user/257`);
 * `details` what is known beyond the code (for `portal_answer_invalid`: the field that broke).
 */
export class PortalRequestError extends Error {
  constructor(
    readonly request: string,
    readonly status: number,
    readonly code: string,
    message: string,
    options?: ErrorOptions & { details?: unknown[] },
  ) {
    super(message, options);
    this.details = options?.details;
  }

  readonly details: unknown[] | undefined;
}

export type PortalReader = <S extends z.ZodMiniType>(token: string, read: PortalRead<S>) => Promise<z.infer<S>>;
