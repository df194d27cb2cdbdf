// Small, non-secret preferences (language, theme) kept on this device.
const prefix = 'lp.';

export function readPreference(key: string): string | null {
  try {
    return localStorage.getItem(prefix + key);
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    localStorage.setItem(prefix + key, value);
  } catch {
    // Storage can be full or blocked; the preference then lasts for this page only.
  }
}
