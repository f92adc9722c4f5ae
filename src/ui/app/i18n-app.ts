import type { BackendModule, i18n, ResourceLanguage } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/constants';
import { buildResources, createI18nWith, type Namespace } from './i18n-core';

/**
 * The console's i18n. The login page's namespaces of the default language (also
 * the fallback) ship with the page; the rest of English is one chunk loaded at
 * login, and every other language is one chunk of all its namespaces loaded
 * when it is first chosen: the login page carries no text its user never reads
 * (first-load budget, issue 10). A page using a namespace not loaded yet
 * suspends until its chunk is there.
 */
export const FIRST_PAGE_NAMESPACES = [
  'common',
  'session',
  'shell',
  'errors',
  'menu',
] as const satisfies readonly Namespace[];

const firstPageFiles = import.meta.glob<Record<string, unknown>>(
  '../../../locales/en/{common,session,shell,errors,menu}.json',
  { eager: true, import: 'default' },
);
type Bundle = () => Promise<{ default: Record<string, Record<string, unknown>> }>;
/** Each language's chunk (for English: what the first page did not bring). */
const bundles: Record<Language, Bundle> = {
  en: () => import('./locale-bundles/en'),
  ru: () => import('./locale-bundles/ru'),
};

/** A language's namespaces from its chunk; one import per language however many namespaces ask. */
const loaded = new Map<Language, Promise<ResourceLanguage>>();
function bundleOf(locale: Language): Promise<ResourceLanguage> {
  let bundle = loaded.get(locale);
  if (!bundle) {
    bundle = bundles[locale]().then(({ default: files }) => buildResources(files)[locale] ?? {});
    // A failed chunk may be asked for again (a flaky network), not remembered as failed.
    bundle.catch(() => loaded.delete(locale));
    loaded.set(locale, bundle);
  }
  return bundle;
}

/** The i18next backend over the chunks: i18next asks it for namespaces it was not given. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const known = (Object.keys(bundles) as Language[]).find((l) => l === language);
    if (!known) return callback(null, {});
    bundleOf(known).then(
      (namespaces) => callback(null, (namespaces[namespace] as Record<string, unknown> | undefined) ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * The language's locale files, loaded and added to `instance` unless it has
 * `witness` already: 'common' to switch to a language (English has the first
 * page's), a signed-in namespace to have all of it.
 */
async function loadLanguage(instance: i18n, locale: Language, witness: Namespace = 'common'): Promise<void> {
  if (instance.hasResourceBundle(locale, witness)) return;
  const namespaces = await bundleOf(locale);
  for (const [ns, content] of Object.entries(namespaces)) instance.addResourceBundle(locale, ns, content, true, true);
}

/**
 * An i18next instance with the first page's English, `switchTo`, which loads a
 * language if needed and then switches to it, and `loadSignedIn`, which loads
 * the rest of the current language and of English (at login). When switches
 * overlap, the last one asked for wins; a language that fails to load leaves
 * the current one.
 */
export function createAppI18n() {
  const instance = createI18nWith(buildResources(firstPageFiles), DEFAULT_LANGUAGE, {
    namespaces: FIRST_PAGE_NAMESPACES,
    backend: chunkBackend,
  });
  let wanted: Language = DEFAULT_LANGUAGE;
  const switchTo = async (locale: Language): Promise<void> => {
    wanted = locale;
    try {
      await loadLanguage(instance, locale);
    } catch (error) {
      console.warn(`could not load the ${locale} translations`, error);
      return;
    }
    if (wanted === locale) await instance.changeLanguage(locale);
  };
  const loadSignedIn = async (): Promise<void> => {
    const languages = new Set<Language>([DEFAULT_LANGUAGE, wanted]);
    await Promise.all([...languages].map((l) => loadLanguage(instance, l, 'dialer'))).catch((error: unknown) =>
      console.warn('could not load the translations of the signed-in pages', error),
    );
  };
  return { i18n: instance, switchTo, loadSignedIn };
}
