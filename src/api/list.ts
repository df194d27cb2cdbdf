// List operations: one page, or every page walked with `total` (no assumed maximum limit).
import type * as z from 'zod/mini';
import { apiRequest } from './client.ts';
import { listEnvelopeReadSchema, type Criteria } from './schemas/envelope.ts';

export interface ListParams {
  start: number;
  limit: number;
  /** column → value, each sent as an `equal` criteria. */
  filters?: Record<string, string>;
}

export interface Page<T> {
  total: number;
  result: T[];
}

export function toCriterias(filters: Record<string, string> | undefined): Criteria[] {
  return Object.entries(filters ?? {})
    .filter(([, value]) => value !== '')
    .map(([column, value]) => ({ column, operator: 'equal', value }));
}

export function fetchListPage<S extends z.ZodMiniType>(
  path: string,
  endpoint: string,
  record: S,
  params: ListParams,
  signal?: AbortSignal,
): Promise<Page<z.output<S>>> {
  return apiRequest({
    method: 'POST',
    path,
    endpoint,
    body: { start: params.start, limit: params.limit, criterias: toCriterias(params.filters) },
    schema: listEnvelopeReadSchema(record),
    signal,
  });
}

interface WalkOptions {
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * Fetches every page of a list. Advances by what the portal actually returned, so a portal
 * that caps `limit` lower than asked still yields everything; stops on `total` or an empty page.
 */
export async function fetchAllPages<T>(
  fetchPage: (start: number, limit: number, signal?: AbortSignal) => Promise<Page<T>>,
  { pageSize = 500, signal, onProgress }: WalkOptions = {},
): Promise<T[]> {
  const records: T[] = [];
  let total = Infinity;
  while (records.length < total) {
    const page = await fetchPage(records.length, pageSize, signal);
    total = page.total;
    if (page.result.length === 0) break;
    records.push(...page.result);
    onProgress?.(records.length, total);
  }
  return records;
}
