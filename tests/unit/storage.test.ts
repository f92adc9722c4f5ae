import { describe, expect, it } from 'vitest';
import { STORED_KEYS } from '../../src/contract/constants';
import { createStorage, initialLocale } from '../../src/services/storage';

describe('browser storage (section 9 keys)', () => {
  it('keeps tokens in sessionStorage unless remembered, then in localStorage', () => {
    const storage = createStorage();
    storage.writeTokens({ token: 'a', refresh: 'b' }, false);
    expect(sessionStorage.getItem(STORED_KEYS.tokens)).toContain('"a"');
    expect(localStorage.getItem(STORED_KEYS.tokens)).toBeNull();
    expect(storage.readTokens()).toEqual({ token: 'a', refresh: 'b' });
    storage.writeTokens({ token: 'c', refresh: 'd' }, true);
    expect(sessionStorage.getItem(STORED_KEYS.tokens)).toBeNull();
    expect(localStorage.getItem(STORED_KEYS.rememberUser)).toBe('true');
    expect(storage.readTokens()).toEqual({ token: 'c', refresh: 'd' });
    storage.writeTokens(null, false);
    expect(storage.readTokens()).toBeNull();
  });

  it('a corrupt value reads as null instead of breaking start-up', () => {
    localStorage.setItem(STORED_KEYS.sideMenuState, '{oops');
    const storage = createStorage();
    expect(storage.readMenuState()).toEqual([]);
    storage.writeMenuState(['users']);
    expect(storage.readMenuState()).toEqual(['users']);
  });

  it('locale: stored choice first, then the browser language, then English', () => {
    const storage = createStorage();
    expect(initialLocale(storage, 'ru-RU')).toBe('ru');
    expect(initialLocale(storage, 'de-DE')).toBe('en');
    storage.writeLocale('en');
    expect(initialLocale(storage, 'ru-RU')).toBe('en');
  });
});
