import { DEFAULT_LANGUAGE, LANGUAGES, type Language, STORED_KEYS } from '../contract/constants';
import type { TokenPair } from '../contract/entities/session';

/**
 * Browser storage for the keys of section 9. A failed read returns null and is
 * logged (8.3); tokens live in sessionStorage, or localStorage when the user
 * asked to be remembered.
 */
export interface BrowserStorage {
  local: Storage;
  session: Storage;
}

const defaultStorage = (): BrowserStorage => ({ local: window.localStorage, session: window.sessionStorage });

function readJson<T>(store: Storage, key: string): T | null {
  try {
    const raw = store.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch (error) {
    console.warn(`could not read ${key}`, error);
    return null;
  }
}

export function createStorage(storage: BrowserStorage = defaultStorage()) {
  const { local, session } = storage;
  return {
    readRemember(): boolean {
      return readJson<boolean>(local, STORED_KEYS.rememberUser) === true;
    },
    readTokens(): TokenPair | null {
      const store = this.readRemember() ? local : session;
      const tokens = readJson<TokenPair>(store, STORED_KEYS.tokens);
      return tokens && typeof tokens.token === 'string' && typeof tokens.refresh === 'string' ? tokens : null;
    },
    /** Writes the pair where `remember` says and clears the other place; null clears both. */
    writeTokens(tokens: TokenPair | null, remember: boolean): void {
      local.removeItem(STORED_KEYS.tokens);
      session.removeItem(STORED_KEYS.tokens);
      if (!tokens) return;
      local.setItem(STORED_KEYS.rememberUser, JSON.stringify(remember));
      (remember ? local : session).setItem(STORED_KEYS.tokens, JSON.stringify(tokens));
    },
    readLocale(): Language | null {
      const raw = local.getItem(STORED_KEYS.userLocale);
      return (LANGUAGES as readonly string[]).includes(raw ?? '') ? (raw as Language) : null;
    },
    writeLocale(locale: Language): void {
      local.setItem(STORED_KEYS.userLocale, locale);
    },
    /** sideMenuState: ids of collapsed categories (default: none, i.e. all expanded). */
    readMenuState(): string[] {
      const value = readJson<{ collapsed?: unknown }>(local, STORED_KEYS.sideMenuState);
      return Array.isArray(value?.collapsed) ? value.collapsed.filter((c): c is string => typeof c === 'string') : [];
    },
    writeMenuState(collapsed: string[]): void {
      local.setItem(STORED_KEYS.sideMenuState, JSON.stringify({ collapsed }));
    },
  };
}

export type AppStorage = ReturnType<typeof createStorage>;

/** The initial locale: the stored choice, else the browser's if we have it, else English. */
export function initialLocale(storage: AppStorage, browserLanguage = navigator.language): Language {
  const stored = storage.readLocale();
  if (stored) return stored;
  const short = browserLanguage.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : DEFAULT_LANGUAGE;
}
