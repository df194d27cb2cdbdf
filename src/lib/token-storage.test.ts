// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, isTokenRemembered, onTokenChangedElsewhere, readToken, saveToken } from './token-storage.ts';

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

  it('a tab-only token wins over the remembered one, and is not "remembered"', () => {
    localStorage.setItem('lp.token', 'device-token');
    sessionStorage.setItem('lp.token', 'tab-token');
    expect(readToken()).toBe('tab-token');
    expect(isTokenRemembered()).toBe(false);
  });

  it('replacing a remembered token never leaves the device without one (other tabs would sign out)', () => {
    saveToken('first', true);
    const remove = Storage.prototype.removeItem;
    const deviceTokenAfterEachRemoval: (string | null)[] = [];
    const spy = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(function (this: Storage, name: string) {
      remove.call(this, name);
      deviceTokenAfterEachRemoval.push(localStorage.getItem('lp.token'));
    });
    saveToken('second', true);
    spy.mockRestore();
    expect(deviceTokenAfterEachRemoval.length).toBeGreaterThan(0);
    expect(deviceTokenAfterEachRemoval).not.toContain(null);
    expect(localStorage.getItem('lp.token')).toBe('second');
  });

  it('hears the token changes of other tabs only', () => {
    let heard = 0;
    const stop = onTokenChangedElsewhere(() => (heard += 1));
    dispatchEvent(new StorageEvent('storage', { key: 'lp.token', storageArea: localStorage }));
    dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    dispatchEvent(new StorageEvent('storage', { key: 'lp.theme', storageArea: localStorage }));
    stop();
    dispatchEvent(new StorageEvent('storage', { key: 'lp.token', storageArea: localStorage }));
    expect(heard).toBe(2);
  });
});
