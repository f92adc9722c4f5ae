import type { Kysely } from 'kysely';
import type { SimpleRegistration } from '../../../src/contract/entities/registration';
import type { Database } from '../../db/schema';
import { insertUser } from '../../db/seed/builders';
import { hashPassword } from '../auth/passwords';
import { assertUnique } from './users';

/**
 * The simple registration of 7.2 (name, login, password): an active account in
 * no project. Logging in with it is refused until an administrator adds it to a
 * project by its login (the users' batch upload attaches existing accounts).
 * Logins are unique across accounts, case-insensitively (`value not unique`).
 */
export async function registerSimple(db: Kysely<Database>, body: SimpleRegistration): Promise<{ login: string }> {
  await assertUnique(db, { login: body.login });
  const passwordHash = await hashPassword(body.password);
  await db.transaction().execute((trx) => insertUser(trx, { login: body.login, passwordHash, name: body.name }));
  return { login: body.login };
}
