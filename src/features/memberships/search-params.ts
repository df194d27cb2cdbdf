/** A positive integer id from the URL (`?grp=12`), or null when absent or malformed. */
export function positiveIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
