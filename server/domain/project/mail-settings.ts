import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { MAIL_MODES } from '../../../src/contract/constants';
import { MAIL_ENCRYPTIONS, type MailSettings } from '../../../src/contract/entities/project-settings';
import { blankToNull } from '../../../src/contract/validation';
import type { Config, MailConfig } from '../../config';
import type { Database } from '../../db/schema';
import { field, readSection, type Stored, writeSection } from './settings-store';

/** The project's mail settings (section 3 mail_settings): MAIL_MODE, SMTP_* and MAIL_FROM by default. */

type Db = Kysely<Database>;
const text = v.nullable(v.string());

const encryptionOf = (config: MailConfig) => (config.secure ? 'ssl' : 'none');

/** GET /project/mail: stored values over MAIL_MODE, SMTP_* and MAIL_FROM. */
export async function readMail(db: Db, config: Pick<Config, 'mail'>, projectId: number): Promise<MailSettings> {
  return mailOf(await readSection(db, projectId, 'mail'), config.mail);
}

function mailOf(stored: Stored, env: MailConfig): MailSettings {
  return {
    mode: field(stored, 'mode', v.picklist(MAIL_MODES), env.mode),
    host: field(stored, 'host', v.string(), env.host),
    port: field(stored, 'port', v.number(), env.port),
    username: field(stored, 'username', text, env.user),
    has_password: field(stored, 'password', text, env.password) !== null,
    from_address: field(stored, 'from_address', v.string(), env.from),
    from_name: field(stored, 'from_name', text, null),
    encryption: field(stored, 'encryption', v.picklist(MAIL_ENCRYPTIONS), encryptionOf(env)),
  };
}

export async function patchMail(
  db: Db,
  config: Pick<Config, 'mail'>,
  projectId: number,
  userId: number,
  patch: Partial<Omit<MailSettings, 'has_password'> & { password: string | null }>,
): Promise<MailSettings> {
  const { password, ...rest } = patch;
  const fields: Stored = { ...rest, password: password ?? undefined };
  if (patch.username !== undefined) fields.username = blankToNull(patch.username);
  if (patch.from_name !== undefined) fields.from_name = blankToNull(patch.from_name);
  return mailOf(await writeSection(db, projectId, 'mail', fields, userId), config.mail);
}

/** The SMTP relay, mode and sender of a project's mail (the environment's for mail of no project). */
export interface ProjectMailConfig extends MailConfig {
  encryption: (typeof MAIL_ENCRYPTIONS)[number];
  fromName: string | null;
}

export async function mailConfigFor(
  db: Db,
  config: Pick<Config, 'mail'>,
  projectId: number | null,
): Promise<ProjectMailConfig> {
  const env = config.mail;
  if (projectId === null) return { ...env, encryption: encryptionOf(env), fromName: null };
  const stored = await readSection(db, projectId, 'mail');
  const shown = mailOf(stored, env);
  return {
    mode: shown.mode,
    host: shown.host,
    port: shown.port,
    secure: shown.encryption === 'ssl',
    user: shown.username,
    password: field(stored, 'password', text, env.password),
    from: shown.from_address,
    encryption: shown.encryption,
    fromName: shown.from_name,
  };
}
