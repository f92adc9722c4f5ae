import * as v from 'valibot';
import type { FieldError } from '../../contract/errors';
import { issuesToFieldErrors } from '../../contract/validation';
import { normaliseValues, type ValueKind } from './entity-form.normalise';

/** What a form edits: one value per input (text as typed, booleans, id lists, files). */
export type FormValues = Record<string, unknown>;

export type FormMode = 'create' | 'patch';

/**
 * Everything entity-specific about a form, as pure data and functions: how an
 * item becomes inputs, how inputs become the payload (7.9), and which contract
 * schema checks it. The `entityForm` machine is the same for every entity.
 */
export interface EntityFormDefinition<V extends FormValues = FormValues, Item = unknown> {
  /** Inputs of a new entity (defaults such as send_registration_link: true). */
  empty: () => V;
  /** Inputs of a loaded entity. */
  fromItem: (item: Item) => V;
  /** How each payload field is normalised; fields not listed are not sent. */
  kinds: Partial<Record<keyof V & string, ValueKind>>;
  /** Adjusts the normalised payload (nested objects, create-only fields). */
  finish?: (body: Record<string, unknown>, mode: FormMode, values: V) => Record<string, unknown>;
  /** The contract's body schemas: PUT for a new entity, PATCH for an existing one. */
  schemas: { create: v.GenericSchema; patch: v.GenericSchema };
  /** Rules of section 5 beyond the schema (e.g. a user needs at least one group). */
  check?: (values: V, mode: FormMode) => Record<string, FieldError>;
  /** The input that shows an error reported at `path` (e.g. `profile.phone` → `phone`). Default: the path. */
  fieldOf?: (path: string) => string;
  /** Items shown read-only whatever the permissions (the administrator's role). */
  readOnlyItem?: (item: Item) => boolean;
  /** Alert codes on success, when the generic "created" / "saved" do not fit (a password change). */
  successCode?: Partial<Record<FormMode, string>>;
}

/** A definition of any entity, as the machine holds it (its value and item types are the entity's business). */
// biome-ignore lint/suspicious/noExplicitAny: the machine is generic over every entity's values and items.
export type AnyFormDefinition = EntityFormDefinition<any, any>;

/** The payload of a submit (7.9 normalisation, then the definition's finishing touches). */
export function bodyOf<V extends FormValues>(
  definition: EntityFormDefinition<V>,
  values: V,
  initial: V,
  mode: FormMode,
): Record<string, unknown> {
  const body = normaliseValues(values, definition.kinds as Record<string, ValueKind>, initial);
  return definition.finish ? definition.finish(body, mode, values) : body;
}

/** Errors keyed by input: the definition's own checks, then the contract schema's. */
export function validateForm<V extends FormValues>(
  definition: EntityFormDefinition<V>,
  values: V,
  initial: V,
  mode: FormMode,
): Record<string, FieldError> {
  const schema = mode === 'create' ? definition.schemas.create : definition.schemas.patch;
  const parsed = v.safeParse(schema, bodyOf(definition, values, initial, mode));
  const fromSchema = parsed.success ? {} : issuesToFieldErrors(parsed.issues);
  return { ...placeErrors(definition, fromSchema), ...definition.check?.(values, mode) };
}

/** Moves errors reported by path (schema or server) onto the inputs that show them. */
export function placeErrors(
  definition: Pick<EntityFormDefinition, 'fieldOf'>,
  errors: Record<string, FieldError>,
): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const [path, error] of Object.entries(errors)) {
    const field = definition.fieldOf?.(path) ?? path.split('.')[0] ?? path;
    out[field] ??= error;
  }
  return out;
}

/** Whether two value sets are the same (dirty tracking). Files compare by identity. */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && !(x instanceof Blob)) {
      if (JSON.stringify(x) !== JSON.stringify(y)) return false;
    } else return false;
  }
  return true;
}
