// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, isTokenRemembered, readToken, saveToken } from './token-storage.ts';

describe('token storage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps the token for this tab only, unless asked to remember it', () => {
    saveToken('tab-token', false);
    expect(sessionStorage.getItem('lp.token')).toBe('tab-token');
    expect(localStorage.getItem('lp.token')).toBeNull();
    expect(isTokenRemembered()).toBe(false);

    saveToken('device-token', true);
    expect(localStorage.getItem('lp.token')).toBe('device-token');
    expect(sessionStorage.getItem('lp.token')).toBeNull();
    expect(readToken()).toBe('device-token');
    expect(isTokenRemembered()).toBe(true);
  });

  it('forgets it everywhere on sign out', () => {
    saveToken('device-token', true);
    clearToken();
    expect(readToken()).toBeNull();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});
