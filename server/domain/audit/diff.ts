import type { AuditChange } from '../../../src/contract/entities/audit-event';
import { STORED_SECRET } from '../../../src/contract/entities/device';
import { isSecretField } from '../../../src/contract/secrets';

/**
 * Field-level differences between two states of an object, as the audit trail keeps them:
 * nested objects as dotted fields (`sip.password`), lists and values compared whole, secrets
 * (marked in the contract or named so: src/contract/secrets.ts) as changed without values,
 * long values shortened. Pure.
 */

/** Fields that change with every write and say nothing about it. */
const IGNORED = new Set(['id', 'updated_at']);
/** Nested objects are flattened this deep; deeper ones are compared whole. */
const DEPTH = 3;
const MAX_TEXT = 500;
const MAX_ITEMS = 50;
/** The longest value (as JSON) kept whole; a longer one is kept as its start. */
const MAX_JSON = 4_000;

type Flat = Map<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);

function flatten(value: Record<string, unknown>, prefix = '', out: Flat = new Map(), depth = 0): Flat {
  for (const [key, inner] of Object.entries(value)) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner) && depth + 1 < DEPTH && Object.keys(inner).length > 0)
      flatten(inner, field, out, depth + 1);
    else out.set(field, inner === undefined ? null : inner);
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A value as the trail keeps it: secrets inside it dropped (a list of objects with passwords),
 * long text, long lists and big structures shortened.
 */
export function keptValue(value: unknown, marked?: ReadonlySet<string>, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return value ?? null;
  if (ArrayBuffer.isView(value)) return `[${(value as Uint8Array).byteLength} bytes]`;
  if (depth > 6) return '…';
  let kept: unknown;
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => keptValue(item, marked, depth + 1));
    kept = value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  } else {
    kept = Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isSecretField(key, marked))
        .map(([key, inner]) => [key, keptValue(inner, marked, depth + 1)]),
    );
  }
  if (depth > 0) return kept;
  const json = JSON.stringify(kept);
  return json.length > MAX_JSON ? `${json.slice(0, MAX_JSON)}…` : kept;
}

/**
 * What changed from `before` to `after` (null before: created; null after: deleted). Values that
 * are null on the side where the object does not exist are left out (a created object lists the
 * fields it has, a deleted one the fields it had).
 */
export function diffObjects(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  marked?: ReadonlySet<string>,
): AuditChange[] {
  const b = before ? flatten(before) : new Map<string, unknown>();
  const a = after ? flatten(after) : new Map<string, unknown>();
  const changes: AuditChange[] = [];
  for (const field of new Set([...b.keys(), ...a.keys()])) {
    const leaf = field.slice(field.lastIndexOf('.') + 1);
    if (IGNORED.has(leaf)) continue;
    const was = b.get(field) ?? null;
    const is = a.get(field) ?? null;
    if (same(was, is)) continue;
    if ((before === null && is === null) || (after === null && was === null)) continue;
    if (isSecretField(field, marked)) changes.push({ field, before: null, after: null, secret: true });
    else changes.push({ field, before: keptValue(was, marked), after: keptValue(is, marked) });
  }
  return changes;
}

/**
 * The secrets a body sets (a new password; not the placeholder of a stored one, not a blank),
 * as changes without values: an object's answer never shows them, so a diff of answers cannot.
 */
export function secretsSet(body: unknown, marked?: ReadonlySet<string>): AuditChange[] {
  if (!isPlainObject(body)) return [];
  const set: AuditChange[] = [];
  for (const [field, value] of flatten(body)) {
    if (!isSecretField(field, marked)) continue;
    if (value === null || value === '' || value === STORED_SECRET) continue;
    set.push({ field, before: null, after: null, secret: true });
  }
  return set;
}

/** Changes of an object plus the secrets its body set that the diff could not see. */
export function withSecretsSet(changes: AuditChange[], body: unknown, marked?: ReadonlySet<string>): AuditChange[] {
  const known = new Set(changes.map((c) => c.field));
  return [...changes, ...secretsSet(body, marked).filter((c) => !known.has(c.field))];
}

/** An object's label in the trail: its name, login, number, address or title. */
export function labelOf(item: unknown): string | null {
  if (!isPlainObject(item)) return null;
  for (const key of ['name', 'login', 'number', 'serial_number', 'ip', 'title', 'value', 'email']) {
    const value = item[key];
    if (typeof value === 'string' && value !== '') return value.slice(0, 200);
    if (typeof value === 'number') return String(value);
  }
  return null;
}
