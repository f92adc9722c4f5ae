import type * as v from 'valibot';

/**
 * Schema-driven inputs for the fuzz test: a plausible value of a valibot
 * schema (so a body gets past its other fields), and the hostile values to put
 * in each field in turn: wrong types, nulls, huge strings, arrays and numbers.
 */
type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  item?: AnySchema;
  options?: unknown[];
  literal?: unknown;
  pipe?: { type: string; requirement?: unknown }[];
};

const HUGE_STRING = 'x'.repeat(100_000);
/** Values no field should turn into a server error. */
export const HOSTILE: readonly unknown[] = [
  null,
  '',
  HUGE_STRING,
  '\u0000\ud83d',
  "' or 1=1 --",
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  true,
  {},
  { nested: { deep: [null] } },
  [],
  Array.from({ length: 5_000 }, (_, i) => i + 1),
  Array.from({ length: 1_000 }, () => 'x'.repeat(100)),
];

/** A plausible (often valid) value of a schema. */
export function sampleOf(schema: AnySchema, depth = 0): unknown {
  if (depth > 8) return null;
  const requirement = (type: string) => schema.pipe?.find((p) => p.type === type)?.requirement;
  switch (schema.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return Object.fromEntries(Object.entries(schema.entries ?? {}).map(([k, e]) => [k, sampleOf(e, depth + 1)]));
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return schema.wrapped ? sampleOf(schema.wrapped, depth + 1) : null;
    case 'array': {
      const min = Number(requirement('min_length') ?? 1);
      return Array.from({ length: Math.max(1, min) }, () => (schema.item ? sampleOf(schema.item, depth + 1) : 1));
    }
    case 'picklist':
    case 'enum':
      return schema.options?.[0] ?? 'x';
    case 'literal':
      return schema.literal;
    case 'union':
    case 'variant':
      return sampleOf(schema.options?.[0] as AnySchema, depth + 1);
    case 'boolean':
      return true;
    case 'number': {
      const min = requirement('min_value');
      return typeof min === 'number' ? Math.max(min, 1) : 1;
    }
    case 'string': {
      if (schema.pipe?.some((p) => p.type === 'email')) return 'fuzz@example.com';
      if (schema.pipe?.some((p) => p.type === 'iso_timestamp')) return '2026-01-01T00:00:00.000Z';
      const min = Number(requirement('min_length') ?? 1);
      return 'a'.repeat(Math.max(1, Math.min(min, 8)));
    }
    default:
      return null;
  }
}

/** Paths to every field of an object schema (nested objects included), with the field's schema. */
export function fieldPaths(schema: AnySchema, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 4) return [];
  const inner = unwrap(schema);
  if (!inner.entries) return [];
  const out: string[][] = [];
  for (const [key, entry] of Object.entries(inner.entries)) {
    const path = [...prefix, key];
    out.push(path);
    out.push(...fieldPaths(entry, path, depth + 1));
  }
  return out;
}

function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  while (s.wrapped) s = s.wrapped;
  if ((s.type === 'union' || s.type === 'variant') && s.options?.[0]) return unwrap(s.options[0] as AnySchema);
  return s;
}

/** A copy of `base` with `value` at `path` (creating objects on the way). */
export function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base ?? {}) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null || Array.isArray(at[key])) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1] as string] = value;
  return copy;
}

/** Every hostile body of a schema: whole-body garbage, then each field replaced by each hostile value. */
export function hostileBodies(schema: AnySchema | undefined): unknown[] {
  const bodies: unknown[] = [null, [], 'body', 42, {}, { unknown_field: 1 }];
  if (!schema) return bodies;
  const base = sampleOf(schema);
  bodies.push(base);
  for (const path of fieldPaths(schema)) for (const value of HOSTILE) bodies.push(withValue(base, path, value));
  return bodies;
}

/** Hostile query strings for a query schema (its own fields, plus the list parameters everyone may send). */
export function hostileQueries(schema: AnySchema | undefined): string[] {
  const names = new Set([
    ...Object.keys(unwrap(schema ?? ({ type: 'object', entries: {} } as AnySchema)).entries ?? {}),
    'page',
    'size',
    'sort',
    'filters',
    'with',
  ]);
  const values = [
    '',
    '-1',
    'abc',
    '1e400',
    '99999999999999999999',
    '%00',
    'x'.repeat(20_000),
    encodeURIComponent('[{"field":"name","rule":"contains","value":{"a":1}}]'),
    encodeURIComponent(JSON.stringify(Array.from({ length: 200 }, () => ({ field: 'id', rule: 'equals', value: 1 })))),
    encodeURIComponent('[{"field":"id","rule":"has","value":[1,2,3]}]'),
    encodeURIComponent('{"not":"a list"}'),
  ];
  const out = [''];
  for (const name of names) for (const value of values) out.push(`?${name}=${value}`);
  out.push('?page=2&size=500&sort=-id');
  return out;
}
