import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_ERROR_CODES } from '../../src/contract/errors';
import { MENU } from '../../src/contract/menu';
import { LOCALE_RESOURCES, NAMESPACES } from '../../src/ui/app/i18n-resources';
import { ROUTE_TABLE } from '../../src/ui/app/route-table';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}\u0000`),
  );
}
const ns = (lng: string, name: string) => (LOCALE_RESOURCES[lng]?.[name] ?? {}) as Tree;

describe('locales', () => {
  it.each(NAMESPACES)('%s has the same keys in en and ru, none empty', (name) => {
    const en = leaves(ns('en', name)).sort();
    const ru = leaves(ns('ru', name)).sort();
    expect(en.length).toBeGreaterThan(0);
    expect(ru).toEqual(en);
    for (const lng of ['en', 'ru']) {
      const values = JSON.stringify(ns(lng, name));
      expect(values).not.toContain('""');
    }
  });

  it('Russian is actually Russian (Cyrillic in most strings)', () => {
    const all = NAMESPACES.flatMap((name) => Object.values(flatten(ns('ru', name))));
    const cyrillic = all.filter((s) => /[А-Яа-яЁё]/.test(s));
    expect(cyrillic.length / all.length).toBeGreaterThan(0.9);
  });

  it('errors has every catalogue code, the fixed texts and every field code', () => {
    const errors = ns('en', 'errors') as Record<string, string>;
    for (const code of Object.values(ERROR_CODES)) expect(errors).toHaveProperty([`http.${code}`]);
    for (const code of FIELD_ERROR_CODES) expect(errors).toHaveProperty([`field.${code}`]);
    expect(errors['http.default']).toBe('Error performing action. Contact support.');
    for (const code of ['network', 'timeout', 'no projects']) expect(errors).toHaveProperty([`http.${code}`]);
    expect(errors['field.max_length']).toContain('{{length}}');
    expect(errors['field.range']).toMatch(/\{\{min\}\}.*\{\{max\}\}/);
  });

  it('names every menu category and entry, and every route title key', () => {
    const menu = ns('en', 'menu') as { categories: Tree; entries: Tree; pages: Tree };
    for (const category of MENU) {
      expect(menu.categories).toHaveProperty([category.id]);
      for (const entry of category.entries) expect(menu.entries).toHaveProperty([entry.path]);
    }
    for (const route of ROUTE_TABLE) {
      for (const key of [route.title.key, route.title.entity].filter(Boolean) as string[]) {
        const [name, path] = key.split(':') as [string, string];
        const [group, ...rest] = path.split('.');
        expect((ns('en', name)[group!] as Tree)?.[rest.join('.')], key).toBeTypeOf('string');
      }
    }
  });
});

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}
