import * as v from 'valibot';

/**
 * Ids as the server stores them: positive 32-bit integers (PostgreSQL
 * `integer`). A larger number names nothing and is refused as input, never
 * passed to the database (where it would overflow).
 */
export const MAX_ID = 2_147_483_647;
export const IdSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_ID));

/** Most related ids one body may carry (groups of a user, recipients of an announce, …). */
export const MAX_IDS = 1000;

/** A list of ids, at least `min` (default 0) and at most `max` (default MAX_IDS). */
export const idList = (min = 0, max = MAX_IDS) => v.pipe(v.array(IdSchema), v.minLength(min), v.maxLength(max));
