import * as v from 'valibot';

/**
 * Reads a JSON text column through a schema. A damaged or outdated value
 * yields the fallback instead of failing the request that happened to read it.
 */
export function readJson<T>(text: string | null, schema: v.GenericSchema<unknown, T>, fallback: T): T {
  if (text === null) return fallback;
  try {
    const result = v.safeParse(schema, JSON.parse(text));
    return result.success ? result.output : fallback;
  } catch {
    return fallback;
  }
}
