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

/** Whether the current token was kept with "Keep me signed in" (the re-sign-in form starts so). */
export function isTokenRemembered(): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function saveToken(token: string, remember: boolean): void {
  clearToken();
  try {
    (remember ? localStorage : sessionStorage).setItem(key, token);
  } catch {
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
