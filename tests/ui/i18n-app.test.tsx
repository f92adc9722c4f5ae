import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/contract/constants';
import { createAppI18n } from '../../src/ui/app/i18n-app';
import { NAMESPACES } from '../../src/ui/app/i18n-core';

describe('the console i18n: English with the page, other languages on demand', () => {
  it('starts in English without Russian loaded, then loads Russian when it is chosen', async () => {
    const { i18n, switchTo } = createAppI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(false);
    const english = i18n.t('session:login.submit');
    await switchTo('ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.hasResourceBundle('ru', 'dialer')).toBe(true);
    expect(i18n.t('session:login.submit')).not.toBe(english);
    expect(i18n.t('session:login.submit')).toMatch(/[А-Яа-яЁё]/);
    await switchTo('en');
    expect(i18n.t('session:login.submit')).toBe(english);
  });

  it('starts with the login page namespaces only; the rest of English comes at login or when asked', async () => {
    const { i18n, loadSignedIn } = createAppI18n();
    expect(i18n.hasResourceBundle('en', 'session')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'dialer')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'users')).toBe(false);
    // What react-i18next does for a page whose namespace is missing: the backend brings it.
    await i18n.loadNamespaces('users');
    expect(i18n.t('users:title', { defaultValue: 'missing' })).not.toBe('missing');
    await loadSignedIn();
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
  });

  it('every language of the console has its bundle, with every namespace', async () => {
    for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      const { i18n, switchTo } = createAppI18n();
      await switchTo(language);
      expect(i18n.language).toBe(language);
      for (const ns of NAMESPACES) expect(i18n.hasResourceBundle(language, ns), `${language} ${ns}`).toBe(true);
    }
  });

  it('when switches overlap the last one asked for wins', async () => {
    const { i18n, switchTo } = createAppI18n();
    const toRussian = switchTo('ru');
    const back = switchTo('en');
    await Promise.all([toRussian, back]);
    expect(i18n.language).toBe('en');
  });
});
