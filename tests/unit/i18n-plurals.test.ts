import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../src/ui/app/i18n-resources';
import { lookup, resolve, texts, usedKeys } from '../support/i18n-usage';

/**
 * Counts are said through i18next plurals (no "1 Projects"): every key a view uses
 * with `count`, and every text that shows `{{count}}`, has the plural forms of
 * both languages — English _one and _other, Russian _one, _few, _many and _other.
 */
const FORMS = { en: ['one', 'other'], ru: ['one', 'few', 'many', 'other'] } as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function missingForms(ns: string, base: string): string[] {
  return (Object.entries(FORMS) as [string, readonly string[]][]).flatMap(([lng, forms]) =>
    forms.filter((f) => typeof lookup(lng, ns, `${base}_${f}`) !== 'string').map((f) => `${lng} ${ns}:${base}_${f}`),
  );
}

describe('plurals', () => {
  it('every key a view uses with count has the plural forms in en and ru', () => {
    const withCount = usedKeys().filter((u) => u.withCount);
    expect(withCount.length).toBeGreaterThan(20);
    const missing = withCount.flatMap((u) => {
      const found = resolve('en', u);
      return found ? missingForms(found.ns, found.key) : [`${u.file}: ${u.key} (no such key)`];
    });
    expect(missing).toEqual([]);
  });

  it('every text showing {{count}} is a plural form, with its siblings in both languages', () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES) {
      for (const lng of ['en', 'ru'] as const) {
        for (const [key, text] of texts(lng, ns)) {
          if (!text.includes('{{count}}')) continue;
          if (!PLURAL.test(key)) problems.push(`${lng} ${ns}:${key} shows {{count}} but is not a plural form`);
          else problems.push(...missingForms(ns, key.replace(PLURAL, '')));
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('the home cards name their count in the right form (1 Project, 2 Projects; 1 проект, 3 проекта, 5 проектов)', () => {
    expect(lookup('en', 'home', 'counts.projects_one')).toBe('Project');
    expect(lookup('en', 'home', 'counts.projects_other')).toBe('Projects');
    expect(lookup('ru', 'home', 'counts.projects_few')).toBe('Проекта');
    expect(lookup('ru', 'home', 'counts.projects_many')).toBe('Проектов');
  });
});
