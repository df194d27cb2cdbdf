/** Whole minutes from start to completion, or null when a date is missing, unreadable or reversed. */
export function takeDurationMinutes(started: string | null, completed: string | null): number | null {
  if (!started || !completed) return null;
  const ms = new Date(completed).getTime() - new Date(started).getTime();
  if (Number.isNaN(ms) || ms < 0) return null;
  return Math.floor(ms / 60_000);
}
