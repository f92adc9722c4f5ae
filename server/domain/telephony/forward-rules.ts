import type { Kysely } from 'kysely';
import { FORWARD_DEFAULTS } from '../../../src/contract/constants';
import {
  type ForwardParams,
  ForwardParamsSchema,
  type ForwardRuleSet,
  type ForwardRuleSetCreate,
} from '../../../src/contract/entities/forward-rule';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, refused } from '../errors';
import { assertUniqueInProject } from '../unique-in-project';
import { storedGroupRules } from './forward-groups';

/**
 * Forward rule sets of a project (section 3, 5; permissions forward_rules.*,
 * project-wide). Section 5 "forward settings": a rule set rings at least one
 * number (a virtual number or a trunk number), and the virtual numbers it
 * rings exist in the project and are active.
 */
export function scopedRuleSets(db: Kysely<Database>, auth: Auth) {
  return db.selectFrom('forward_rule_sets as f').where('f.project_id', '=', auth.projectId);
}

export const RULE_SET_COLUMNS = { id: 'f.id', name: 'f.name', created_at: 'f.created_at' } as const;

export function selectRuleSets(q: ReturnType<typeof scopedRuleSets>) {
  return q
    .leftJoin('users as author', 'author.id', 'f.created_by_user_id')
    .select(['f.id', 'f.name', 'f.params', 'f.created_at', 'author.id as author_id', 'author.name as author_name']);
}

/** One row as selectRuleSets reads it. */
export type RuleSetRow = RowOf<ReturnType<typeof selectRuleSets>>;

export const EMPTY_PARAMS: ForwardParams = {
  numbers: [],
  timeout: FORWARD_DEFAULTS.ruleSetTimeout,
  days: [],
  period: null,
  trunk_numbers: [],
};

/** Who uses each rule set: numbers forwarded by it and forward groups redirecting to it. */
async function usage(db: Kysely<Database>, projectId: number, ids: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const links = await db
    .selectFrom('sip_number_forward_rule_sets')
    .select('forward_rule_set_id')
    .where('forward_rule_set_id', 'in', ids)
    .execute();
  for (const l of links) counts.set(l.forward_rule_set_id, (counts.get(l.forward_rule_set_id) ?? 0) + 1);
  const groups = await db
    .selectFrom('forward_groups')
    .select('forward_rules')
    .where('project_id', '=', projectId)
    .execute();
  for (const g of groups) {
    const used = new Set(storedGroupRules(g.forward_rules).flatMap((r) => r.forward_rule_set_ids));
    for (const id of used) if (counts.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

export async function toRuleSets(db: Kysely<Database>, auth: Auth, rows: RuleSetRow[]): Promise<ForwardRuleSet[]> {
  const used = await usage(
    db,
    auth.projectId,
    rows.map((r) => Number(r.id)),
  );
  const parsed = rows.map((row) => ({ row, params: readParams(String(row.params)) }));
  const wanted = [...new Set(parsed.flatMap((p) => p.params.numbers))];
  const held =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('sip_numbers')
          .select(['id', 'number', 'name'])
          .where('project_id', '=', auth.projectId)
          .where('number', 'in', wanted)
          .execute();
  return parsed.map(({ row, params }) => ({
    id: Number(row.id),
    name: String(row.name),
    params,
    sip_numbers: params.numbers.flatMap((n) => held.filter((h) => h.number === n)),
    used_by: used.get(Number(row.id)) ?? 0,
    created_at: String(row.created_at),
    created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
  }));
}

type ParamsInput = ForwardRuleSetCreate['params'];

/** Section 5 for a rule set's params (per-field errors under `params.*`). */
async function checkParams(db: Kysely<Database>, projectId: number, params: ParamsInput): Promise<ForwardParams> {
  const numbers = [...new Set(params.numbers)];
  const trunk_numbers = [...new Set(params.trunk_numbers)];
  const errors: Record<string, FieldError> = {};
  if (numbers.length === 0 && trunk_numbers.length === 0) errors['params.numbers'] = { code: 'one_required' };
  if (numbers.length > 0) {
    const found = await db
      .selectFrom('sip_numbers')
      .select(['number', 'is_active'])
      .where('project_id', '=', projectId)
      .where('number', 'in', numbers)
      .execute();
    if (found.length !== numbers.length) errors['params.numbers'] = { code: 'invalid' };
    else if (found.some((n) => n.is_active !== 1)) errors['params.numbers'] = { code: 'inactive' };
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return { numbers, timeout: params.timeout, days: [...new Set(params.days)], period: params.period, trunk_numbers };
}

export async function createRuleSet(db: Kysely<Database>, auth: Auth, body: ForwardRuleSetCreate): Promise<number> {
  await assertUniqueInProject(db, 'forward_rule_sets', 'name', body.name, auth.projectId);
  const params = await checkParams(db, auth.projectId, body.params);
  const now = nowIso();
  const row = await db
    .insertInto('forward_rule_sets')
    .values({
      project_id: auth.projectId,
      name: body.name,
      params: JSON.stringify(params),
      created_by_user_id: auth.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRuleSet(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: Partial<ForwardRuleSetCreate>,
): Promise<void> {
  if (body.name !== undefined)
    await assertUniqueInProject(db, 'forward_rule_sets', 'name', body.name, auth.projectId, id);
  const params = body.params ? await checkParams(db, auth.projectId, body.params) : undefined;
  await db
    .updateTable('forward_rule_sets')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(params ? { params: JSON.stringify(params) } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes rule sets nobody uses; one in use is refused with what uses it (`cannot perform action`). */
export async function deleteRuleSets(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number> {
  const links = await db
    .selectFrom('sip_number_forward_rule_sets')
    .select('forward_rule_set_id')
    .where('forward_rule_set_id', 'in', ids)
    .executeTakeFirst();
  const groups = await db
    .selectFrom('forward_groups')
    .select('forward_rules')
    .where('project_id', '=', auth.projectId)
    .execute();
  const inGroups = groups.some((g) =>
    storedGroupRules(g.forward_rules).some((r) => r.forward_rule_set_ids.some((id) => ids.includes(id))),
  );
  const entities = [...(links ? ['sip_numbers'] : []), ...(inGroups ? ['forward_groups'] : [])];
  if (entities.length > 0) throw refused(ERROR_CODES.cannotPerformAction, { entities });
  const result = await db.deleteFrom('forward_rule_sets').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Parses stored params (used by the SIP server to forward calls). */
export function readParams(text: string): ForwardParams {
  return readJson(text, ForwardParamsSchema, EMPTY_PARAMS);
}
