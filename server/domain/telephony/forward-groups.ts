import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { FORWARD_DEFAULTS } from '../../../src/contract/constants';
import type {
  ForwardGroup,
  ForwardGroupCreate,
  ForwardGroupRuleInput,
} from '../../../src/contract/entities/forward-rule';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, refused } from '../errors';
import { assertUniqueInProject } from '../unique-in-project';

/**
 * Forward groups (section 3, 5): when a call is redirected, and to which rule
 * sets. Stored as a JSON list (migration 0008):
 * `{ type: 'redirect_if_no_answer', is_immediately, timeout, forward_rule_set_ids }` and
 * `{ type: 'redirect_if_error', enabled, timeout, forward_rule_set_ids }`.
 * Section 5: a group redirects to at least one rule set ("at least one queue");
 * an enabled error redirect names its rule sets.
 */
const ids = v.array(v.number());
const StoredRuleSchema = v.variant('type', [
  v.object({
    type: v.literal('redirect_if_no_answer'),
    is_immediately: v.boolean(),
    timeout: v.number(),
    forward_rule_set_ids: ids,
  }),
  v.object({
    type: v.literal('redirect_if_error'),
    enabled: v.boolean(),
    timeout: v.number(),
    forward_rule_set_ids: ids,
  }),
]);
export type StoredGroupRule = v.InferOutput<typeof StoredRuleSchema>;
type NoAnswer = Extract<StoredGroupRule, { type: 'redirect_if_no_answer' }>;
type OnError = Extract<StoredGroupRule, { type: 'redirect_if_error' }>;

const defaults = (): [NoAnswer, OnError] => [
  {
    type: 'redirect_if_no_answer',
    is_immediately: false,
    timeout: FORWARD_DEFAULTS.noAnswerTimeout,
    forward_rule_set_ids: [],
  },
  { type: 'redirect_if_error', enabled: false, timeout: FORWARD_DEFAULTS.errorTimeout, forward_rule_set_ids: [] },
];

/** A group's stored rules, always both of them (no-answer first); damaged JSON reads as the defaults. */
export function storedGroupRules(text: string): [NoAnswer, OnError] {
  const [noAnswer, onError] = defaults();
  const list = readJson(text, v.array(StoredRuleSchema), []);
  return [
    list.find((r): r is NoAnswer => r.type === 'redirect_if_no_answer') ?? noAnswer,
    list.find((r): r is OnError => r.type === 'redirect_if_error') ?? onError,
  ];
}

export function scopedForwardGroups(db: Kysely<Database>, auth: Auth) {
  return db.selectFrom('forward_groups as fg').where('fg.project_id', '=', auth.projectId);
}

export const FORWARD_GROUP_COLUMNS = { id: 'fg.id', name: 'fg.name', created_at: 'fg.created_at' } as const;

export function selectForwardGroups(q: ReturnType<typeof scopedForwardGroups>) {
  return q
    .leftJoin('users as author', 'author.id', 'fg.created_by_user_id')
    .select([
      'fg.id',
      'fg.name',
      'fg.forward_rules',
      'fg.created_at',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}

/** One row as selectForwardGroups reads it. */
export type ForwardGroupRow = RowOf<ReturnType<typeof selectForwardGroups>>;

export async function toForwardGroups(
  db: Kysely<Database>,
  auth: Auth,
  rows: ForwardGroupRow[],
): Promise<ForwardGroup[]> {
  const parsed = rows.map((row) => ({ row, rules: storedGroupRules(String(row.forward_rules)) }));
  const setIds = [...new Set(parsed.flatMap((p) => p.rules.flatMap((r) => r.forward_rule_set_ids)))];
  const groupIds = rows.map((r) => Number(r.id));
  const [sets, users] = await Promise.all([
    setIds.length === 0
      ? []
      : db
          .selectFrom('forward_rule_sets')
          .select(['id', 'name'])
          .where('project_id', '=', auth.projectId)
          .where('id', 'in', setIds)
          .execute(),
    groupIds.length === 0
      ? []
      : db.selectFrom('sip_numbers').select('forward_group_id').where('forward_group_id', 'in', groupIds).execute(),
  ]);
  // In the stored order: each rule set is a stage and stages run in order (a set deleted since is left out).
  const refs = (list: number[]) =>
    list.flatMap((id) => sets.filter((s) => s.id === id).map((s) => ({ id: s.id, name: s.name })));
  return parsed.map(({ row, rules: [noAnswer, onError] }) => ({
    id: Number(row.id),
    name: String(row.name),
    forward_rules: [
      {
        type: 'redirect_if_no_answer' as const,
        is_immediately: noAnswer.is_immediately,
        timeout: noAnswer.timeout,
        forward_rules: refs(noAnswer.forward_rule_set_ids),
      },
      {
        type: 'redirect_if_error' as const,
        enabled: onError.enabled,
        timeout: onError.timeout,
        forward_rules: refs(onError.forward_rule_set_ids),
      },
    ],
    used_by: users.filter((u) => u.forward_group_id === Number(row.id)).length,
    created_at: String(row.created_at),
    created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
  }));
}

/** Section 5 for a group's rules; answers both rules, ready to store. */
async function checkRules(
  db: Kysely<Database>,
  projectId: number,
  input: ForwardGroupRuleInput[],
): Promise<[NoAnswer, OnError]> {
  const types = input.map((r) => r.type);
  if (new Set(types).size !== types.length) throw invalidData({ forward_rules: { code: 'invalid' } });
  const [noAnswer, onError] = defaults();
  const errors: Record<string, FieldError> = {};
  input.forEach((rule, index) => {
    const set_ids = [...new Set(rule.forward_rules)];
    if (rule.type === 'redirect_if_no_answer') {
      Object.assign(noAnswer, {
        is_immediately: rule.is_immediately,
        timeout: rule.timeout,
        forward_rule_set_ids: set_ids,
      });
    } else {
      Object.assign(onError, { enabled: rule.enabled, timeout: rule.timeout, forward_rule_set_ids: set_ids });
      if (rule.enabled && set_ids.length === 0) errors[`forward_rules.${index}.forward_rules`] = { code: 'required' };
    }
  });
  const used = [...noAnswer.forward_rule_set_ids, ...(onError.enabled ? onError.forward_rule_set_ids : [])];
  if (used.length === 0 && Object.keys(errors).length === 0) errors.forward_rules = { code: 'one_required' };
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const all = [...new Set([...noAnswer.forward_rule_set_ids, ...onError.forward_rule_set_ids])];
  const found = await db
    .selectFrom('forward_rule_sets')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', all)
    .execute();
  if (found.length !== all.length) throw invalidRelated(['forward_rules']);
  return [noAnswer, onError];
}

export async function createForwardGroup(db: Kysely<Database>, auth: Auth, body: ForwardGroupCreate): Promise<number> {
  await assertUniqueInProject(db, 'forward_groups', 'name', body.name, auth.projectId);
  const rules = await checkRules(db, auth.projectId, body.forward_rules);
  const now = nowIso();
  const row = await db
    .insertInto('forward_groups')
    .values({
      project_id: auth.projectId,
      name: body.name,
      forward_rules: JSON.stringify(rules),
      created_by_user_id: auth.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateForwardGroup(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: Partial<ForwardGroupCreate>,
): Promise<void> {
  if (body.name !== undefined) await assertUniqueInProject(db, 'forward_groups', 'name', body.name, auth.projectId, id);
  const rules = body.forward_rules ? await checkRules(db, auth.projectId, body.forward_rules) : undefined;
  await db
    .updateTable('forward_groups')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(rules ? { forward_rules: JSON.stringify(rules) } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes groups no number is forwarded by; one in use is refused (`cannot perform action`, sip_numbers). */
export async function deleteForwardGroups(db: Kysely<Database>, ids: number[]): Promise<number> {
  const used = await db.selectFrom('sip_numbers').select('id').where('forward_group_id', 'in', ids).executeTakeFirst();
  if (used) throw refused(ERROR_CODES.cannotPerformAction, { entities: ['sip_numbers'] });
  const result = await db.deleteFrom('forward_groups').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
