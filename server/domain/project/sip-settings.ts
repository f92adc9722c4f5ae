import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  type DomainForwardRules,
  type DomainForwardRulesPatch,
  GROUP_USERS_PLACEHOLDER,
  type SipSettings,
} from '../../../src/contract/entities/project-settings';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Config } from '../../config';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';
import { conflict, invalidData } from '../errors';
import { field, readSection, type Stored, writeSection } from './settings-store';

/**
 * The project's SIP settings (7.8 `sip`), its group forwarding (`sip/domain/forward-rules`) and the
 * residents' phonebook delete: what the SIP server, the contacts and the softphone read.
 */

type Db = Kysely<Database>;
const bool = v.boolean();

/** SIP settings: the project's SIP on, the softphone offered (GATEHOUSE_WEB_DIALER by default), phonebooks allowed. */
export async function projectSip(db: Db, config: Pick<Config, 'webDialer'>, projectId: number): Promise<SipSettings> {
  return sipOf(await readSection(db, projectId, 'sip'), config);
}

export const sipOf = (stored: Stored, config: Pick<Config, 'webDialer'>): SipSettings => ({
  is_sip_enabled: field(stored, 'is_sip_enabled', bool, true),
  is_web_dialer_enabled: field(stored, 'is_web_dialer_enabled', bool, config.webDialer),
  is_resident_phonebook_enabled: field(stored, 'is_resident_phonebook_enabled', bool, true),
});

/** Whether the project's numbers exist for the SIP server (its SIP settings' switch; on by default). */
export async function isProjectSipEnabled(db: Db, projectId: number): Promise<boolean> {
  return field(await readSection(db, projectId, 'sip'), 'is_sip_enabled', bool, true);
}

/** Whether the groups' resident phonebooks count (the project's master switch; on by default). */
export async function areResidentPhonebooksAllowed(db: Db, projectId: number): Promise<boolean> {
  return field(await readSection(db, projectId, 'sip'), 'is_resident_phonebook_enabled', bool, true);
}

export async function patchSip(
  db: Db,
  config: Pick<Config, 'webDialer'>,
  projectId: number,
  userId: number,
  patch: Partial<SipSettings>,
): Promise<SipSettings> {
  return sipOf(await writeSection(db, projectId, 'sip', patch, userId), config);
}

/** Group forwarding (7.8 sip/domain/forward-rules): off with no queues unless set. */
export async function domainForwardRules(db: Db, projectId: number): Promise<DomainForwardRules> {
  const stored = await readSection(db, projectId, 'domain_forward_rules');
  return {
    is_enabled: field(stored, 'is_enabled', bool, false),
    queues: field(
      stored,
      'queues',
      v.array(v.object({ numbers: v.array(v.string()), timeout: v.number() })),
      [] as DomainForwardRules['queues'],
    ),
  };
}

/**
 * Section 5 on forward settings: enabled, they need at least one queue with at
 * least one number (`queues: one_required`), and the `{group_users}` placeholder
 * somewhere (`queues: placeholder_required`), or no call would reach the group.
 */
export async function patchDomainForwardRules(
  db: Db,
  projectId: number,
  userId: number,
  patch: DomainForwardRulesPatch,
): Promise<DomainForwardRules> {
  const current = await domainForwardRules(db, projectId);
  const next = { ...current, ...patch };
  const queues = next.queues.filter((q) => q.numbers.length > 0);
  if (next.is_enabled) {
    if (queues.length === 0) throw invalidData({ queues: { code: 'one_required' } });
    if (!queues.some((q) => q.numbers.includes(GROUP_USERS_PLACEHOLDER))) {
      throw invalidData({ queues: { code: 'placeholder_required', params: { name: GROUP_USERS_PLACEHOLDER } } });
    }
  }
  await writeSection(db, projectId, 'domain_forward_rules', { is_enabled: next.is_enabled, queues }, userId);
  return domainForwardRules(db, projectId);
}

/**
 * POST /project/sip/resident-phonebook/delete: switches the resident phonebook
 * off in every group of the project (residents no longer reach each other by
 * it). Refused while the project's own switch is on (8.2 "phonebook must be
 * disabled"): switch it off first, so nothing turns it back on meanwhile.
 */
export async function deleteResidentPhonebook(
  db: Db,
  config: Pick<Config, 'webDialer'>,
  projectId: number,
): Promise<{ groups: number }> {
  if ((await projectSip(db, config, projectId)).is_resident_phonebook_enabled) {
    throw conflict(ERROR_CODES.phonebookMustBeDisabled);
  }
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('domains')
      .select(['id', 'settings'])
      .where('project_id', '=', projectId)
      .execute();
    const groups = rows
      .map((row) => ({ id: row.id, settings: readJson(row.settings, v.record(v.string(), v.unknown()), {}) }))
      .filter((group) => group.settings.is_resident_phonebook_enabled === true);
    for (const { id, settings } of groups) {
      await trx
        .updateTable('domains')
        .set({ settings: JSON.stringify({ ...settings, is_resident_phonebook_enabled: false }), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    return { groups: groups.length };
  });
}
