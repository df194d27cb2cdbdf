// Record ids as they come in addresses (`/users/12`, `?grp=4`) and from people: one zod schema.
import { useParams } from 'react-router';
import * as z from 'zod/mini';

/** 1 to 15 digits (so always a safe integer), above zero. */
const recordIdSchema = z.pipe(z.string().check(z.regex(/^\d{1,15}$/)), z.pipe(z.transform(Number), z.number().check(z.positive())));

/** A record id, or null for anything else (the page then says "not found"). */
export function parseRecordId(value: string | null | undefined): number | null {
  const parsed = recordIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The `:id` of the current route: as written (for "Group abc not found"), and as an id or null. */
export function useRouteId(): { raw: string; id: number | null } {
  const { id: raw = '' } = useParams();
  return { raw, id: parseRecordId(raw) };
}
