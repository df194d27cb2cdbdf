// The jobs this browser started or ran and whose end no tab has announced yet: the layout of
// every tab follows them and says when one ends ("Import into sales finished: …"). Kept in local
// storage, so a job started in one tab is announced in another (a reload keeps them; signing out,
// or into another organisation, clears them with the rest of the user data, so the list is always
// the signed-in organisation's). Another tab's change arrives as a `storage` event. Read by the
// pages through useSyncExternalStore.
//
// One notice per job, not one per tab: the first tab to see the end removes the job from the list,
// and the other tabs drop it. A hidden tab does not poll (React Query's interval stops in the
// background), so that first tab is the one on screen, or the first one brought back to it.
import { readUserData, userDataKey, writeUserData } from '#lib/user-data-storage.ts';

const storageKey = 'watched-jobs';
/** Enough for any real session; the oldest are dropped past it, so the storage stays small. */
const MAX_WATCHED = 20;

let watched: readonly string[] = [];
const listeners = new Set<() => void>();

function load(): void {
  const stored = readUserData(storageKey, 'local');
  // Checked by hand, not with a schema: the session code that reloads this is on the first page.
  const valid = Array.isArray(stored) && stored.every((id) => typeof id === 'string');
  watched = valid ? (stored as string[]).slice(-MAX_WATCHED) : [];
}
load();

function notify(): void {
  for (const listener of listeners) listener();
}

function save(next: readonly string[]): void {
  watched = next;
  writeUserData(storageKey, next, 'local');
  notify();
}

// Another tab started, ran or announced a job, or signing out cleared the storage (key null).
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== userDataKey(storageKey)) return;
    const before = watched;
    load();
    if (before.join() !== watched.join()) notify();
  });

export function watchJob(jobId: string): void {
  if (!watched.includes(jobId)) save([...watched, jobId].slice(-MAX_WATCHED));
}

/** Its end was announced (or the job is gone): no longer followed, in any tab. */
export function unwatchJob(jobId: string): void {
  // Read again first: another tab may have changed the list since this one last heard of it.
  load();
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
  notify();
}

export function subscribeWatchedJobs(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The same array until it changes (a snapshot for useSyncExternalStore). */
export function watchedJobs(): readonly string[] {
  return watched;
}
