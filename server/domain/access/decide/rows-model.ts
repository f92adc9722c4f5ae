import {
  type AccessModel,
  type Credential,
  credentialKey,
  type Holder,
  type Rule,
  type ScheduleJudge,
  type Via,
} from './model';

/** A rule with whom it names, as loaded from the database. */
export interface RuleRow extends Rule {
  identifier_ids: readonly number[];
  user_ids: readonly number[];
  group_ids: readonly number[];
}

/** A user with the groups they belong to, each with its ancestors (a rule on a building reaches its units). */
export interface HolderRow extends Holder {
  group_ids: readonly number[];
}

export interface AccessRows {
  credentials: readonly Credential[];
  users: readonly HolderRow[];
  rules: readonly RuleRow[];
  scheduleVerdict: ScheduleJudge;
}

/**
 * The evaluator's model over loaded rows. A rule applies to an identifier when it names the
 * identifier; to an owner identifier also when it names the owner or a group the owner is in
 * (directly or below it); to a user when it names the user or one of their groups.
 */
export function modelFromRows(rows: AccessRows): AccessModel {
  const byId = new Map<number, Credential>();
  const byKey = new Map<string, Credential>();
  for (const c of rows.credentials) {
    if (c.id !== null) byId.set(c.id, c);
    byKey.set(c.key, c);
  }
  const users = new Map(rows.users.map((u) => [u.id, u]));
  const byIdentifier = index(rows.rules, (r) => r.identifier_ids);
  const byUser = index(rows.rules, (r) => r.user_ids);
  const byGroup = index(rows.rules, (r) => r.group_ids);
  return {
    credential(who) {
      if ('identifier_id' in who) return byId.get(who.identifier_id);
      return byKey.get('key' in who ? who.key : credentialKey(who.type, who.value));
    },
    user: (id) => users.get(id),
    rulesFor({ credential, user }) {
      const out = new Map<number, { rule: Rule; via: Via }>();
      const add = (rules: RuleRow[] | undefined, via: Via) => {
        for (const rule of rules ?? []) if (!out.has(rule.id)) out.set(rule.id, { rule, via });
      };
      if (credential?.id != null) add(byIdentifier.get(credential.id), { kind: 'identifier' });
      const holder = user ? users.get(user.id) : undefined;
      if (holder) {
        add(byUser.get(holder.id), { kind: 'user' });
        for (const groupId of holder.group_ids) add(byGroup.get(groupId), { kind: 'group', group_id: groupId });
      }
      return [...out.values()].sort((a, b) => a.rule.id - b.rule.id);
    },
    scheduleVerdict: rows.scheduleVerdict,
  };
}

function index(rules: readonly RuleRow[], keys: (rule: RuleRow) => readonly number[]): Map<number, RuleRow[]> {
  const out = new Map<number, RuleRow[]>();
  for (const rule of rules)
    for (const key of keys(rule)) {
      const list = out.get(key);
      if (list) list.push(rule);
      else out.set(key, [rule]);
    }
  return out;
}
