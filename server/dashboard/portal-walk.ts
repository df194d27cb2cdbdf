// Every record of a portal list, page by page with `total` (a portal that answers fewer records
// than asked is followed at its pace), each page checked against the record's schema: the shared
// group index, a group's members, the organisation's members.
import * as z from 'zod/mini';
import type { Criteria } from '#schemas/envelope.ts';
import { PortalAnswerInvalid, type PortalGateway } from './portal-gateway.ts';

/** The portal server's largest page: 10 requests for 10,000 records. */
export const PORTAL_PAGE_SIZE = 1000;

export interface WalkOptions {
  criterias?: readonly Criteria[];
  pageSize?: number;
  /** After each page: the records so far and the list's total. */
  onPage?: (loaded: number, total: number) => Promise<void>;
}

export async function walkList<S extends z.ZodMiniType>(
  gateway: PortalGateway,
  token: string,
  path: string,
  schema: S,
  { criterias, pageSize = PORTAL_PAGE_SIZE, onPage }: WalkOptions = {},
): Promise<z.infer<S>[]> {
  const records: z.infer<S>[] = [];
  let total = Infinity;
  while (records.length < total) {
    const page = await gateway.listPage(token, path, records.length, pageSize, criterias);
    const parsed = z.safeParse(z.array(schema), page.result);
    if (!parsed.success) throw new PortalAnswerInvalid(`POST ${path}`, parsed.error, page.result, ['result']);
    if (parsed.data.length === 0) break;
    total = page.total;
    records.push(...parsed.data);
    await onPage?.(records.length, total);
  }
  return records;
}
