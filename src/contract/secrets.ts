import * as v from 'valibot';

/**
 * Secrets: values that must never be copied anywhere they were not meant to live (the audit
 * trail, logs). A field is secret when its schema is marked with `secret(...)` in the contract,
 * or, as a safety net for fields nobody marked, when its name says so (`SECRET_FIELD_NAME`:
 * password, secret, token, hash, private key, API key, credentials). The server reads the marks
 * from each call's body and answer schemas (`secretFieldsOf`), so a new contract field named
 * `…_password` is kept out of the audit without anyone listing it (docs/decisions.md, Audit).
 */
const SECRET_META = { secret: true } as const;

/** Marks a schema as holding a secret (the audit records that it changed, never its value). */
export function secret<S extends v.GenericSchema>(schema: S) {
  return v.pipe(schema, v.metadata(SECRET_META));
}

/** Field names that are secret whatever their schema says. */
export const SECRET_FIELD_NAME =
  /(^|_)(password|passwd|passphrase|secret|token|hash|private_key|api_key|credentials?|otp|pin_code)($|_)/i;

/** Whether a field (its last name, or a dotted path) is secret: marked in `marked`, or named so. */
export function isSecretField(field: string, marked: ReadonlySet<string> = EMPTY): boolean {
  const leaf = field.slice(field.lastIndexOf('.') + 1);
  return marked.has(leaf) || SECRET_FIELD_NAME.test(leaf);
}
const EMPTY: ReadonlySet<string> = new Set();

type Walkable = v.GenericSchema & {
  entries?: Record<string, v.GenericSchema>;
  wrapped?: v.GenericSchema;
  options?: readonly v.GenericSchema[];
  item?: v.GenericSchema;
  items?: readonly v.GenericSchema[];
  value?: v.GenericSchema;
  pipe?: readonly unknown[];
};

/** Only schemas are looked into: a picklist's options are strings, an entry may be left undefined. */
const isSchema = (value: unknown): value is v.GenericSchema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';

const isMarked = (schema: unknown) =>
  isSchema(schema) && (v.getMetadata(schema as never) as { secret?: boolean }).secret === true;

/** The names of the fields marked `secret(...)` anywhere in these schemas (objects, wrappers, unions, arrays). */
export function secretFieldsOf(...schemas: (v.GenericSchema | undefined)[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: Walkable | undefined, depth: number) => {
    if (!isSchema(schema) || depth > 16 || seen.has(schema)) return;
    seen.add(schema);
    // A piped schema keeps its root first in the pipe.
    const root = schema.pipe?.[0] as Walkable | undefined;
    if (root && root !== schema) walk(root, depth + 1);
    if (schema.entries) {
      for (const [key, entry] of Object.entries(schema.entries)) {
        if (isMarked(entry) || unwrapMarked(entry as Walkable)) found.add(key);
        walk(entry as Walkable, depth + 1);
      }
    }
    for (const inner of [schema.wrapped, schema.item, schema.value]) walk(inner as Walkable | undefined, depth + 1);
    for (const option of [...(schema.options ?? []), ...(schema.items ?? [])]) walk(option as Walkable, depth + 1);
  };
  for (const schema of schemas) walk(schema as Walkable | undefined, 0);
  return found;
}

/** A secret mark under optional / nullable wrappers (`v.optional(secret(...))`). */
function unwrapMarked(schema: Walkable | undefined, depth = 0): boolean {
  if (!isSchema(schema) || depth > 4) return false;
  if (isMarked(schema)) return true;
  return unwrapMarked(schema.wrapped as Walkable | undefined, depth + 1);
}
