/** A record id from the URL: a positive integer, or null (the page then says "not found"). */
export function parseRecordId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
