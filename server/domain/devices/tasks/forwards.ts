import type { Kysely } from 'kysely';
import type { DeviceForwardSettings, DeviceForwardSettingsInput } from '../../../../src/contract/entities/device-task';
import { ERROR_CODES } from '../../../../src/contract/errors';
import type { Database } from '../../../db/schema';
import { loadExcelJS } from '../../../lazy-packages';
import { nowIso } from '../../clock';
import { invalidRelated, refused } from '../../errors';

/**
 * A device's call forwarding (7.4 forwards): how calls of the device's virtual number are
 * forwarded (its forward mode, forward group and rule sets), and the table of it as Excel: one
 * row per rule set it reaches, with the numbers it rings.
 */

async function numberOf(db: Kysely<Database>, deviceId: number) {
  return db
    .selectFrom('sip_numbers')
    .select(['id', 'number', 'project_id', 'forward_mode', 'forward_group_id'])
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .executeTakeFirst();
}

export async function forwardSettings(db: Kysely<Database>, deviceId: number): Promise<DeviceForwardSettings> {
  const number = await numberOf(db, deviceId);
  if (!number) {
    return {
      sip_number: null,
      forward_mode: 'disabled',
      forward_group_id: null,
      forward_group: null,
      forward_rules: [],
    };
  }
  const group =
    number.forward_group_id === null
      ? undefined
      : await db
          .selectFrom('forward_groups')
          .select(['id', 'name'])
          .where('id', '=', number.forward_group_id)
          .executeTakeFirst();
  const rules = await db
    .selectFrom('sip_number_forward_rule_sets as l')
    .innerJoin('forward_rule_sets as r', 'r.id', 'l.forward_rule_set_id')
    .select(['r.id', 'r.name'])
    .where('l.sip_number_id', '=', number.id)
    .orderBy('l.position')
    .execute();
  return {
    sip_number: { id: Number(number.id), number: number.number },
    forward_mode: number.forward_mode as DeviceForwardSettings['forward_mode'],
    forward_group_id: group ? Number(group.id) : null,
    forward_group: group ? { id: Number(group.id), name: group.name } : null,
    forward_rules: rules.map((r) => ({ id: Number(r.id), name: r.name })),
  };
}

/** Saves the forwarding of the device's number (refused when the device has none). */
export async function saveForwardSettings(
  db: Kysely<Database>,
  deviceId: number,
  input: DeviceForwardSettingsInput,
): Promise<DeviceForwardSettings> {
  const number = await numberOf(db, deviceId);
  if (!number) throw refused(ERROR_CODES.cannotPerformAction);
  const projectId = Number(number.project_id);
  if (input.forward_group_id !== null && input.forward_group_id !== undefined) {
    const found = await db
      .selectFrom('forward_groups')
      .select('id')
      .where('id', '=', input.forward_group_id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!found) throw invalidRelated(['forward_group_id']);
  }
  const ruleIds = [...new Set(input.forward_rules ?? [])];
  if (ruleIds.length > 0) {
    const found = await db
      .selectFrom('forward_rule_sets')
      .select('id')
      .where('id', 'in', ruleIds)
      .where('project_id', '=', projectId)
      .execute();
    if (found.length !== ruleIds.length) throw invalidRelated(['forward_rules']);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sip_numbers')
      .set({
        forward_mode: input.forward_mode,
        forward_group_id: input.forward_mode === 'picked' ? (input.forward_group_id ?? null) : null,
        updated_at: nowIso(),
      })
      .where('id', '=', number.id)
      .execute();
    await trx.deleteFrom('sip_number_forward_rule_sets').where('sip_number_id', '=', number.id).execute();
    if (input.forward_mode === 'manual' && ruleIds.length > 0) {
      await trx
        .insertInto('sip_number_forward_rule_sets')
        .values(ruleIds.map((id, position) => ({ sip_number_id: number.id, forward_rule_set_id: id, position })))
        .execute();
    }
  });
  return forwardSettings(db, deviceId);
}

interface RuleParams {
  numbers?: string[];
  timeout?: number;
  days?: string[];
  period?: { from: number; to: number } | null;
  trunk_numbers?: string[];
}

const hhmm = (s: number) =>
  `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;

/** The forwarding table of a device as an .xlsx workbook (sheet "Forwards"). */
export async function forwardsWorkbook(db: Kysely<Database>, deviceId: number, deviceName: string): Promise<Buffer> {
  const settings = await forwardSettings(db, deviceId);
  const rows: (string | number)[][] = [];
  const ruleSets = async (ids: number[]) =>
    ids.length === 0
      ? []
      : db.selectFrom('forward_rule_sets').select(['id', 'name', 'params']).where('id', 'in', ids).execute();
  const push = (stage: string, sets: { id: number; name: string; params: string }[], order: number[]) => {
    for (const id of order) {
      const set = sets.find((s) => Number(s.id) === id);
      if (!set) continue;
      let p: RuleParams = {};
      try {
        p = JSON.parse(set.params) as RuleParams;
      } catch {
        // A damaged row shows its name alone.
      }
      rows.push([
        stage,
        set.name,
        p.timeout ?? '',
        (p.days ?? []).join(', '),
        p.period ? `${hhmm(p.period.from)}-${hhmm(p.period.to)}` : '',
        (p.numbers ?? []).join(', '),
        (p.trunk_numbers ?? []).join(', '),
      ]);
    }
  };
  if (settings.forward_mode === 'manual') {
    const ids = settings.forward_rules.map((r) => r.id);
    push('manual', await ruleSets(ids), ids);
  } else if (settings.forward_mode === 'picked' && settings.forward_group_id !== null) {
    const group = await db
      .selectFrom('forward_groups')
      .select('forward_rules')
      .where('id', '=', settings.forward_group_id)
      .executeTakeFirst();
    // Stored as the contract's rules: { type, timeout, forward_rules: ids (or { id, name }) }.
    let stages: { type?: string; forward_rules?: (number | { id: number })[] }[] = [];
    try {
      stages = JSON.parse(group?.forward_rules ?? '[]') as typeof stages;
    } catch {
      stages = [];
    }
    for (const stage of stages) {
      const ids = (stage.forward_rules ?? []).map((r) => (typeof r === 'number' ? r : Number(r.id)));
      push(stage.type ?? 'picked', await ruleSets(ids), ids);
    }
  }
  const ExcelJS = await loadExcelJS();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Forwards');
  sheet.addRow(['device', deviceName]);
  sheet.addRow(['sip_number', settings.sip_number?.number ?? '']);
  sheet.addRow(['forward_mode', settings.forward_mode]);
  sheet.addRow(['forward_group', settings.forward_group?.name ?? '']);
  sheet.addRow([]);
  sheet.addRow(['stage', 'rule_set', 'timeout', 'days', 'period', 'numbers', 'trunk_numbers']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
