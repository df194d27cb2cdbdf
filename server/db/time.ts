const DAY = 86_400_000;
const dayCache = new Map<number, string>();
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The portal's timestamp form: `YYYY-MM-DDTHH:MM:SSZ` (UTC, seconds). */
export function formatTimestamp(ms: number): string {
  // Date#toISOString costs about 2 µs; the large seed formats millions of dates, so the
  // date part is cached per day and the time part computed.
  const day = Math.floor(ms / DAY);
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, -14);
    if (dayCache.size > 20_000) dayCache.clear();
    dayCache.set(day, date);
  }
  const s = Math.floor((ms - day * DAY) / 1000);
  return `${date}T${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}Z`;
}

/** Canonical form of a date-time string, or null when it is not one. */
export function normaliseTimestamp(value: string): string | null {
  const trimmed = value.trim();
  // Only ISO-like strings: Date.parse also accepts "1" or "March 7", which no one means here.
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(trimmed)) return null;
  // A date-time without zone is UTC here, as every stored timestamp is.
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) || trimmed.length === 10 ? trimmed : `${trimmed}Z`;
  const ms = Date.parse(withZone.replace(' ', 'T'));
  return Number.isNaN(ms) ? null : formatTimestamp(ms);
}
