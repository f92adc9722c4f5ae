import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSION_FAMILIES } from '../../src/contract/permissions';
import { LOCALE_RESOURCES, NAMESPACES } from '../../src/ui/app/i18n-resources';

/**
 * Every literal `t('…')` key of src/ui exists in en and ru, so no view can show a
 * raw key; keys the views build from data (permission actions) are checked from
 * that data. A key is looked up in its `ns:` prefix, else in the namespaces the
 * file asks `useTranslation` for (or common, the default).
 */
type Tree = { [key: string]: string | Tree };
const LANGS = ['en', 'ru'] as const;
const UI = join(__dirname, '../../src/ui');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(stories|fixtures)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Whether `key` (dotted, maybe a plural base) is a string in the namespace. */
function has(lng: string, ns: string, key: string): boolean {
  const tree = LOCALE_RESOURCES[lng]?.[ns] as Tree | undefined;
  if (!tree) return false;
  // Flat keys (errors.json: `http.<code>`) first, then the dotted path.
  const lookup = (k: string): unknown => {
    if (typeof tree[k] === 'string') return tree[k];
    return k.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
  };
  return [key, `${key}_one`, `${key}_other`].some((k) => typeof lookup(k) === 'string');
}

const KNOWN = new Set<string>(NAMESPACES);

function usedKeys() {
  const used: { file: string; key: string; namespaces: string[] }[] = [];
  for (const file of sources(UI)) {
    const text = readFileSync(file, 'utf8');
    const asked = [...text.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/'([A-Za-z]+)'/g)].map((n) => n[1]!),
    );
    const namespaces = asked.length ? [...new Set(asked)] : ['common'];
    for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.push({ file, key: m[1]!, namespaces });
  }
  return used;
}

describe('i18n keys used by the views', () => {
  const used = usedKeys();

  it('finds the literal keys (the scan works)', () => {
    expect(used.length).toBeGreaterThan(500);
    expect(used.some((u) => u.key === 'actions.retry')).toBe(true);
  });

  it.each(LANGS)('every literal t() key of src/ui exists in %s', (lng) => {
    const missing = used
      .filter(({ key, namespaces }) => {
        const colon = key.indexOf(':');
        if (colon > 0 && KNOWN.has(key.slice(0, colon))) return !has(lng, key.slice(0, colon), key.slice(colon + 1));
        return !namespaces.some((ns) => has(lng, ns, key));
      })
      .map(({ file, key }) => `${file.slice(UI.length + 1)}: ${key}`);
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
