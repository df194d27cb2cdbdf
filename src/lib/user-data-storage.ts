// Data about the portal's people kept in the browser (recently viewed users, known users).
// Every key carries one prefix so that signing out removes all of it at once.
const prefix = 'lp.data.';

export type Persistence = 'session' | 'local';

function storage(persistence: Persistence): Storage | null {
  try {
    return persistence === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

/** The storage key of `key`, as a `storage` event from another tab names it. */
export const userDataKey = (key: string) => prefix + key;

export function readUserData(key: string, persistence: Persistence): unknown {
  const raw = storage(persistence)?.getItem(prefix + key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function writeUserData(key: string, value: unknown, persistence: Persistence): void {
  try {
    storage(persistence)?.setItem(prefix + key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the data lasts for this page only.
  }
}

/** Called on sign out: nothing about the portal's people stays behind. */
export function clearUserData(): void {
  for (const persistence of ['session', 'local'] as const) {
    const store = storage(persistence);
    if (!store) continue;
    for (const key of Object.keys(store)) if (key.startsWith(prefix)) store.removeItem(key);
  }
}
