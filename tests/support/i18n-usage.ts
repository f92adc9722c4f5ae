import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_RESOURCES, NAMESPACES } from '../../src/ui/app/i18n-resources';

/**
 * What the views of src/ui ask i18next for, read from their sources: each literal
 * `t('…')` key with the namespaces its file asks `useTranslation` for, and whether
 * the call passes a `count`. Shared by the key and plural suites (tests/unit).
 */
export type Tree = { [key: string]: string | Tree };
export const UI_DIR = join(__dirname, '../../src/ui');
const KNOWN = new Set<string>(NAMESPACES);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(stories|fixtures)\.tsx?$/.test(name) ? [path] : [];
  });
}

export interface UsedKey {
  file: string;
  key: string;
  namespaces: string[];
  withCount: boolean;
}

export function usedKeys(): UsedKey[] {
  const used: UsedKey[] = [];
  for (const file of sources(UI_DIR)) {
    const text = readFileSync(file, 'utf8');
    const asked = [...text.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/'([A-Za-z][A-Za-z0-9]*)'/g)].map((n) => n[1]!),
    );
    const namespaces = asked.length ? [...new Set(asked)] : ['common'];
    for (const m of text.matchAll(/\bt\(\s*'([^']+)'(\s*,\s*\{[^}]*\})?/g)) {
      used.push({
        file: file.slice(UI_DIR.length + 1),
        key: m[1]!,
        namespaces,
        withCount: /\bcount\b/.test(m[2] ?? ''),
      });
    }
  }
  return used;
}

/** A node of a namespace by dotted key (flat keys such as `http.<code>` first). */
export function lookup(lng: string, ns: string, key: string): unknown {
  const tree = LOCALE_RESOURCES[lng]?.[ns] as Tree | undefined;
  if (!tree) return undefined;
  if (typeof tree[key] === 'string') return tree[key];
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

/** Whether `key` is a text in the namespace, itself or as a plural base. */
export function has(lng: string, ns: string, key: string): boolean {
  return [key, `${key}_one`, `${key}_other`].some((k) => typeof lookup(lng, ns, k) === 'string');
}

/** The namespace a used key resolves in for `lng` (its `ns:` prefix, else the first of the file's that has it). */
export function resolve(lng: string, used: Pick<UsedKey, 'key' | 'namespaces'>): { ns: string; key: string } | null {
  const colon = used.key.indexOf(':');
  if (colon > 0 && KNOWN.has(used.key.slice(0, colon))) {
    const ns = used.key.slice(0, colon);
    const key = used.key.slice(colon + 1);
    return has(lng, ns, key) ? { ns, key } : null;
  }
  const ns = used.namespaces.find((n) => has(lng, n, used.key));
  return ns ? { ns, key: used.key } : null;
}

/** Every text of a namespace with its dotted key. */
export function texts(lng: string, ns: string): [string, string][] {
  const walk = (tree: Tree, prefix: string): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : walk(v, `${prefix}${k}.`),
    );
  return walk((LOCALE_RESOURCES[lng]?.[ns] ?? {}) as Tree, '');
}
