import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SIP_NUMBER_FIRST_GENERATED,
  SIP_NUMBER_LENGTH,
  SIP_PASSWORD_GENERATED_LENGTH,
} from '../../../src/contract/constants';
import { type GeneratedSipNumber, SIP_PASSWORD_PATTERN } from '../../../src/contract/entities/sip-number';
import type { Database } from '../../db/schema';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LOWER + UPPER + DIGITS;

/**
 * A virtual number password (section 5: digits plus lower and upper case Latin
 * letters): random, with each class present, without look-alikes (l, I, O, 0, 1).
 */
export function generateSipPassword(length = SIP_PASSWORD_GENERATED_LENGTH): string {
  for (;;) {
    const chars = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]);
    const password = chars.join('');
    if (SIP_PASSWORD_PATTERN.test(password)) return password;
  }
}

/**
 * A number nobody holds on this server: one after the highest number in use
 * (numbers are digits only, so the longest and then greatest is the highest),
 * and never below SIP_NUMBER_FIRST_GENERATED.
 */
export async function nextFreeNumber(db: Kysely<Database>): Promise<string> {
  const rows = await db
    .selectFrom('sip_numbers')
    .select('number')
    .orderBy((eb) => eb.fn('length', ['number']), 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .execute();
  const highest = rows[0] ? BigInt(rows[0].number) : 0n;
  const next = highest >= BigInt(SIP_NUMBER_FIRST_GENERATED) ? highest + 1n : BigInt(SIP_NUMBER_FIRST_GENERATED);
  const text = next.toString();
  if (text.length > SIP_NUMBER_LENGTH.max) throw new Error('no free virtual number left');
  return text;
}

export async function generateSipNumber(db: Kysely<Database>): Promise<GeneratedSipNumber> {
  return { number: await nextFreeNumber(db), password: generateSipPassword() };
}
