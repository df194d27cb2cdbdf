// Where the API token lives: sessionStorage by default, localStorage only when the user chose
// "Keep me signed in on this device". Never in a URL, a cookie or a log.
const key = 'lp.token';

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(key) ?? localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function saveToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(key, token);
}

export function clearToken(): void {
  try {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}
