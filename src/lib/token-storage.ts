// Where the API token lives: sessionStorage by default, localStorage only when the user chose
// "Keep me signed in on this device". Never in a URL, a cookie or a log.
const key = 'lp.token';
/** Only when the browser refuses storage (private modes, policies): the session lasts as long as the page. */
let unstored: string | null = null;

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(key) ?? localStorage.getItem(key) ?? unstored;
  } catch {
    return unstored;
  }
}

/**
 * Whether the token this tab uses was kept with "Keep me signed in" (the re-sign-in form starts
 * so, and data about people lives as long as it). A tab-only token wins over a remembered one.
 */
export function isTokenRemembered(): boolean {
  try {
    return sessionStorage.getItem(key) === null && localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** One token at a time: keeping it in one storage removes it from the other. */
export function saveToken(token: string, remember: boolean): void {
  unstored = null;
  try {
    // Written before the other is removed: other tabs see one change to the new token, never a
    // moment without one (which would sign them out).
    (remember ? localStorage : sessionStorage).setItem(key, token);
    (remember ? sessionStorage : localStorage).removeItem(key);
  } catch {
    clearToken();
    unstored = token;
  }
}

export function clearToken(): void {
  unstored = null;
  try {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/**
 * Calls `listener` when another tab of this browser signs in or out with a remembered token
 * (the `storage` event fires in every tab but the one that wrote). Returns the unsubscribe.
 */
export function onTokenChangedElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage.
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
