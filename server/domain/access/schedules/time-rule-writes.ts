import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { TimeRuleCreate, TimeRulePatch } from '../../../../src/contract/entities/time-rule';
import { ERROR_CODES } from '../../../../src/contract/errors';
import {
  TIME_RULE_DEFINITION_KEYS,
  type TimeRuleDefinition,
  TimeRuleDefinitionSchema,
} from '../../../../src/contract/time-rule-definition';
import { issuesToFieldErrors } from '../../../../src/contract/validation';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { nowIso } from '../../clock';
import { conflict, invalidData, itemNotFound } from '../../errors';
import { definitionJson, storedDefinition } from './stored';
import { accessRulesUsing } from './time-rules';

/**
 * Writing schedules. A patch is merged into the stored definition and the whole is checked with the
 * contract's rules (so a patch cannot leave, say, a weekly custom rule without weekdays). A schedule
 * that access rules use is not deleted: `schedule used by access rules: {rules}` names them (detaching
 * it silently would change who opens which door when; docs/decisions.md).
 */
export async function createTimeRule(db: Kysely<Database>, auth: Auth, body: TimeRuleCreate): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('time_rules')
    .values({
      project_id: auth.projectId,
      name: body.name,
      description: body.description,
      definition: definitionJson(body),
      created_by_user_id: auth.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTimeRule(db: Kysely<Database>, id: number, body: TimeRulePatch): Promise<void> {
  const before = await db.selectFrom('time_rules').select('definition').where('id', '=', id).executeTakeFirst();
  if (!before) throw itemNotFound();
  const merged: Record<string, unknown> = { ...storedDefinition(before.definition) };
  for (const key of TIME_RULE_DEFINITION_KEYS) if (body[key] !== undefined) merged[key] = body[key];
  const checked = v.safeParse(TimeRuleDefinitionSchema, merged);
  if (!checked.success) throw invalidData(issuesToFieldErrors(checked.issues));
  await db
    .updateTable('time_rules')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      definition: definitionJson(checked.output as TimeRuleDefinition),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteTimeRules(db: Kysely<Database>, ids: number[]): Promise<number> {
  const using = await accessRulesUsing(db, ids);
  const names = [...new Set([...using.values()].flat().map((r) => r.name))];
  if (names.length > 0) throw conflict(ERROR_CODES.scheduleInUse, { params: { rules: names.join(', ') } });
  const result = await db.deleteFrom('time_rules').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
