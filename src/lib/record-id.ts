// Record ids as they come in addresses (`/users/12`, `?grp=4`) and from people: one zod schema.
import { useParams } from 'react-router';
import * as z from 'zod/mini';

/** 1 to 15 digits, so always a safe integer. (A number schema would add 0.4 KB gzip of zod to the first page.) */
const digitsSchema = z.string().check(z.regex(/^\d{1,15}$/));

/** A record id (1 or more), or null for anything else (the page then says "not found"). */
export function parseRecordId(value: string | null | undefined): number | null {
  const parsed = digitsSchema.safeParse(value);
  const id = parsed.success ? Number(parsed.data) : 0;
  return id > 0 ? id : null;
}

/** The `:id` of the current route: as written (for "Group abc not found"), and as an id or null. */
export function useRouteId(): { raw: string; id: number | null } {
  const { id: raw = '' } = useParams();
  return { raw, id: parseRecordId(raw) };
}
