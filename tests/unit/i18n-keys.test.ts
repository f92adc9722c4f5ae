import { describe, expect, it } from 'vitest';
import { PERMISSION_FAMILIES } from '../../src/contract/permissions';
import { has, resolve, usedKeys } from '../support/i18n-usage';

/**
 * Every literal `t('…')` key of src/ui exists in en and ru, so no view can show a
 * raw key; keys the views build from data (permission actions) are checked from
 * that data. A key is looked up in its `ns:` prefix, else in the namespaces the
 * file asks `useTranslation` for (or common, the default).
 */
const LANGS = ['en', 'ru'] as const;

describe('i18n keys used by the views', () => {
  const used = usedKeys();

  it('finds the literal keys (the scan works)', () => {
    expect(used.length).toBeGreaterThan(500);
    expect(used.some((u) => u.key === 'actions.retry')).toBe(true);
  });

  it.each(LANGS)('every literal t() key of src/ui exists in %s', (lng) => {
    const missing = used.filter((u) => !resolve(lng, u)).map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('every permission of 6.2 has its family and action name in %s (the role editor)', (lng) => {
    const missing: string[] = [];
    for (const [family, permissions] of Object.entries(PERMISSION_FAMILIES)) {
      if (!has(lng, 'roles', `families.${family}`)) missing.push(`families.${family}`);
      for (const permission of permissions) {
        const action = permission.slice(permission.indexOf('.') + 1);
        if (!has(lng, 'roles', `actions.${action}`)) missing.push(`actions.${action}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
