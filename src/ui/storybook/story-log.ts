import type { i18n } from 'i18next';

/**
 * What the stories rendered, for the stories test: the snapshots hydrated into
 * frozen actors (by identity, so the test can tell which fixture a story shows)
 * and the translation keys that were missing. Storybook itself only warns.
 */
const hydrated = new Set<object>();
const missing = new Set<string>();

/** A frozen actor (or a scene of them) was hydrated from this snapshot. */
export function noteHydrated(...snapshots: readonly (object | null | undefined)[]): void {
  for (const snapshot of snapshots) if (snapshot) hydrated.add(snapshot);
}

/** Snapshots and missing keys noted since the last call (the log starts over). */
export function takeStoryLog(): { hydrated: object[]; missingKeys: string[] } {
  const log = { hydrated: [...hydrated], missingKeys: [...missing] };
  hydrated.clear();
  missing.clear();
  return log;
}

/**
 * Notes every key the instance cannot translate. A lookup with a default value
 * is a deliberate fallback (translateError tries `errors:http.<code>`), not a
 * missing text.
 */
export function watchMissingKeys(instance: i18n): void {
  Object.assign(instance.options, {
    saveMissing: true,
    missingKeyHandler: (
      lngs: readonly string[],
      ns: string,
      key: string,
      _fallback: string,
      _update: boolean,
      options?: { defaultValue?: unknown },
    ) => {
      if (options?.defaultValue !== undefined) return;
      const id = `${lngs.join(',')} ${ns}:${key}`;
      missing.add(id);
      console.warn(`Missing translation: ${id}`);
    },
  });
}
