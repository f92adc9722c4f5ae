import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { configurePasswordHashing, generatePassword, hashPassword } from '../../domain/auth/passwords';
import { instanceId } from '../../domain/licences/instance';
import { NO_FEATURES } from '../../domain/project/features';
import type { Database } from '../schema';
import { insertUser } from './builders';
import { DEMO_USERS, seedDemo } from './demo';
import { createProjectWithAdmin } from './project';

/** What the first start created, for main to print once. */
export interface SeedReport {
  created: boolean;
  admin: {
    login: string /** Set only when generated: it is shown once and never stored in clear. */;
    generatedPassword: string | null;
  };
  demo: { logins: string[]; generatedPassword: string | null } | null;
}

/** The project created when demo content is off. */
export const PLAIN_PROJECT_NAME = 'My project';

/**
 * On an empty database (no project yet) creates the first project and its
 * administrator, plus the demo content unless GATEHOUSE_DEMO=0. Does nothing
 * on later starts, so passwords changed in the console are never reset.
 */
/**
 * `now`: the instant the demo is seeded at (its licences' periods, reservations and events are
 * relative to it); tests on a moved clock pass theirs so the demo is current at their time.
 */
export async function seedIfEmpty(db: Kysely<Database>, config: Config, now?: Date): Promise<SeedReport> {
  const existing = await db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false, admin: { login: config.adminLogin, generatedPassword: null }, demo: null };

  configurePasswordHashing(config.passwordHashing);
  const adminPassword = config.adminPassword ?? generatePassword();
  const demoPassword = config.demo ? (config.demoPassword ?? generatePassword()) : null;
  // Hash before the transaction: argon2 is slow on purpose, and SQLite has one writer. The demo's
  // hundred-odd users share one hash of the one demo password (one argon2 run, not one per user).
  const [adminHash, demoHash] = await Promise.all([
    hashPassword(adminPassword),
    demoPassword ? hashPassword(demoPassword) : null,
  ]);

  await db.transaction().execute(async (trx) => {
    const adminId = await insertUser(trx, { login: config.adminLogin, passwordHash: adminHash, name: 'Administrator' });
    if (demoHash) {
      await seedDemo(trx, { id: adminId, login: config.adminLogin }, demoHash, {
        size: config.demoSize,
        instanceId: instanceId(config.dataDir),
        now,
      });
      return;
    }
    // Licensed features come from licences (docs/decisions.md, Licences): a new project has none until one is added.
    await createProjectWithAdmin(trx, PLAIN_PROJECT_NAME, adminId, NO_FEATURES);
  });

  return {
    created: true,
    admin: { login: config.adminLogin, generatedPassword: config.adminPassword ? null : adminPassword },
    demo: demoPassword
      ? { logins: DEMO_USERS.map((u) => u.login), generatedPassword: config.demoPassword ? null : demoPassword }
      : null,
  };
}
