import type { Kysely } from 'kysely';
import type { AccessExplain, AccessExplainQuery } from '../../../src/contract/entities/access-explain';
import { hasPermission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { scopedDevices } from '../devices/devices';
import { invalidRelated, wrongParameters } from '../errors';
import { decide } from './decide/decide';
import { loadForSubject } from './decide/load';
import type { Who } from './decide/model';
import { modelFromRows } from './decide/rows-model';
import { scheduleJudge } from './decide/schedules';

/** Who the query asks about: exactly one of a user, an identifier id, an identifier type and value. */
function whoOf(query: AccessExplainQuery): Who {
  const asked = [
    query.user_id !== undefined,
    query.identifier_id !== undefined,
    query.identifier_type !== undefined || query.identifier_value !== undefined,
  ].filter(Boolean).length;
  if (asked !== 1) throw wrongParameters({ user_id: { code: 'required' } });
  if (query.user_id !== undefined) return { user_id: query.user_id };
  if (query.identifier_id !== undefined) return { identifier_id: query.identifier_id };
  if (query.identifier_type === undefined) throw wrongParameters({ identifier_type: { code: 'required' } });
  if (query.identifier_value === undefined) throw wrongParameters({ identifier_value: { code: 'required' } });
  return { type: query.identifier_type, value: query.identifier_value };
}

/**
 * GET /access/explain: the decision for a user or identifier at a door (a device the caller sees,
 * and a lock) at an instant (now by default), with the chain behind it. Every rule counts; the
 * chain names the rules (and their schedules and groups) the caller may see: all of them with
 * access_rules.view_all, else the ones they created.
 */
export async function explainAccess(
  db: Kysely<Database>,
  auth: Auth,
  query: AccessExplainQuery,
): Promise<AccessExplain> {
  const who = whoOf(query);
  const device = await scopedDevices(db, auth)
    .select(['d.id', 'd.name'])
    .where('d.id', '=', query.device_id)
    .executeTakeFirst();
  if (!device) throw invalidRelated(['device_id']);
  const at = query.at ? new Date(query.at) : new Date();
  const lock = query.lock ?? 1;
  const loaded = await loadForSubject(db, auth.projectId, who);
  const rules = loaded?.rules ?? [];
  const { schedules, judge } = await scheduleJudge(db, auth.projectId, [
    ...new Set(rules.flatMap((r) => r.time_rule_ids)),
  ]);
  const model = modelFromRows({
    credentials: loaded?.credentials ?? [],
    users: loaded?.users ?? [],
    rules,
    scheduleVerdict: judge,
  });
  const decision = decide(model, who, { device_id: Number(device.id), lock }, at);

  const ruleRows =
    decision.chain.length === 0
      ? []
      : await db
          .selectFrom('access_rules')
          .select(['id', 'name', 'created_by_user_id'])
          .where(
            'id',
            'in',
            decision.chain.map((l) => l.rule_id),
          )
          .execute();
  const seesAll = hasPermission(auth.role.permissions, 'access_rules.view_all');
  const visible = new Map(
    ruleRows.filter((r) => seesAll || Number(r.created_by_user_id) === auth.userId).map((r) => [Number(r.id), r.name]),
  );
  const groupIds = [...new Set(decision.chain.flatMap((l) => (l.via.kind === 'group' ? [l.via.group_id] : [])))];
  const groups = new Map(
    groupIds.length === 0
      ? []
      : (await db.selectFrom('domains').select(['id', 'name']).where('id', 'in', groupIds).execute()).map((g) => [
          Number(g.id),
          g.name,
        ]),
  );
  const subjectUser = loaded?.subject.user_id ?? null;
  const user =
    subjectUser === null
      ? null
      : await db.selectFrom('users').select(['id', 'name']).where('id', '=', subjectUser).executeTakeFirst();
  const identifierId = loaded?.subject.identifier_id ?? null;
  const identifier =
    identifierId === null
      ? null
      : await db
          .selectFrom('identifiers')
          .select(['id', 'type', 'value', 'name'])
          .where('id', '=', identifierId)
          .executeTakeFirst();

  return {
    granted: decision.granted,
    reason: decision.reason,
    at: at.toISOString(),
    device: { id: Number(device.id), name: device.name },
    lock,
    user: user ? { id: Number(user.id), name: user.name } : null,
    identifier: identifier
      ? { id: Number(identifier.id), type: identifier.type, value: identifier.value, name: identifier.name }
      : null,
    chain: decision.chain.map((link) => {
      const shown = visible.has(link.rule_id);
      return {
        rule: { id: link.rule_id, name: visible.get(link.rule_id) ?? null },
        prohibition: link.prohibition,
        via:
          link.via.kind === 'group'
            ? { kind: 'group' as const, group: { id: link.via.group_id, name: groups.get(link.via.group_id) ?? '' } }
            : { kind: link.via.kind },
        covers_door: link.covers_door,
        open: link.open,
        schedules: link.schedules.map((s) => ({
          schedule: { id: s.time_rule_id, name: shown ? (schedules.get(s.time_rule_id)?.name ?? null) : null },
          verdict: s.verdict,
          missing: s.missing,
        })),
      };
    }),
  };
}
