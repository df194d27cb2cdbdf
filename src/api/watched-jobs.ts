// The jobs this tab started or ran and whose end it has not announced yet: the layout follows
// them on every page and says when one ends ("Import into sales finished: …"). Kept in the tab's
// session storage (a reload keeps them, signing out forgets them), read by the pages through
// useSyncExternalStore.
import { readUserData, writeUserData } from '#lib/user-data-storage.ts';

const storageKey = 'watched-jobs';
/** Enough for any real session; the oldest are dropped past it, so the storage stays small. */
const MAX_WATCHED = 20;

let watched: readonly string[] = [];
const listeners = new Set<() => void>();

function load(): void {
  const stored = readUserData(storageKey, 'session');
  // Checked by hand, not with a schema: the session code that reloads this is on the first page.
  const valid = Array.isArray(stored) && stored.every((id) => typeof id === 'string');
  watched = valid ? (stored as string[]).slice(-MAX_WATCHED) : [];
}
load();

function save(next: readonly string[]): void {
  watched = next;
  writeUserData(storageKey, next, 'session');
  for (const listener of listeners) listener();
}

export function watchJob(jobId: string): void {
  if (!watched.includes(jobId)) save([...watched, jobId].slice(-MAX_WATCHED));
}

/** Its end was announced (or the job is gone): no longer followed. */
export function unwatchJob(jobId: string): void {
  if (watched.includes(jobId)) save(watched.filter((id) => id !== jobId));
}

/** Jobs a mounted view shows (how many views each): their end needs no notice. */
const shown = new Map<string, number>();

/** A view shows the job until the returned function is called (an effect's cleanup). */
export function markJobShown(jobId: string): () => void {
  shown.set(jobId, (shown.get(jobId) ?? 0) + 1);
  return () => {
    const views = (shown.get(jobId) ?? 1) - 1;
    if (views > 0) shown.set(jobId, views);
    else shown.delete(jobId);
  };
}

export function isJobShown(jobId: string): boolean {
  return shown.has(jobId);
}

/** Re-reads storage, e.g. after sign out cleared it. */
export function reloadWatchedJobs(): void {
  load();
  for (const listener of listeners) listener();
}

export function subscribeWatchedJobs(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The same array until it changes (a snapshot for useSyncExternalStore). */
export function watchedJobs(): readonly string[] {
  return watched;
}
