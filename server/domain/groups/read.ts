import type { Kysely, SelectQueryBuilder } from 'kysely';
import * as v from 'valibot';
import {
  AppleWalletSettingsSchema,
  DeviceStatusNotifySchema,
  GROUP_RELATIONS,
  type Group,
  type GroupRelation,
  type GroupSettings,
  GuestIdentifierLimitsSchema,
  WhitelabelSettingsSchema,
} from '../../../src/contract/entities/group';
import { mailTypeById } from '../../../src/contract/entities/mail-template';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { licenseInfoOf } from '../licences/group-licences';

/** The columns every group answer is built from. */
export interface GroupRow {
  id: number;
  name: string;
  description: string | null;
  parent_id: number | null;
  domain_type_id: number | null;
  logic_address: string | null;
  lft: number;
  rgt: number;
  settings: string;
  created_by_user_id: number | null;
  type_type: string | null;
  type_name: string | null;
}

type GroupSelect = SelectQueryBuilder<Database & { d: Database['domains'] }, 'd' | 'domain_types', GroupRow>;

/** The columns of a GroupRow, over `domains as d` with `domain_types` joined. */
export const GROUP_COLUMNS = [
  'd.id',
  'd.name',
  'd.description',
  'd.parent_id',
  'd.domain_type_id',
  'd.logic_address',
  'd.lft',
  'd.rgt',
  'd.settings',
  'd.created_by_user_id',
  'domain_types.type as type_type',
  'domain_types.name as type_name',
] as const;

/** `select … from domains as d` with the type joined: the base of every group query here. */
export function selectGroups(db: Kysely<Database>, projectId: number): GroupSelect {
  return db
    .selectFrom('domains as d')
    .leftJoin('domain_types', 'domain_types.id', 'd.domain_type_id')
    .select(GROUP_COLUMNS)
    .where('d.project_id', '=', projectId) as unknown as GroupSelect;
}

/** Settings of a group that never set them. */
export const DEFAULT_GROUP_SETTINGS: GroupSettings = {
  is_resident_phonebook_enabled: false,
  guest_identifier_limits: { max_passes_count: null, max_period_days: null },
  whitelabel_settings: { is_enabled: false, logo: null, name: null, address: null, email: null, phone: null },
  apple_wallet_settings: {
    is_enabled: false,
    backfields: null,
    background_color: null,
    barcode_alt_text: null,
    developer_name: null,
    developer_name_color: null,
    font_color: null,
  },
  device_status_notify: [],
};

const StoredSettingsSchema = v.partial(
  v.object({
    is_resident_phonebook_enabled: v.boolean(),
    guest_identifier_limits: GuestIdentifierLimitsSchema,
    whitelabel_settings: WhitelabelSettingsSchema,
    apple_wallet_settings: AppleWalletSettingsSchema,
    device_status_notify: v.array(DeviceStatusNotifySchema),
  }),
);

export function readSettings(text: string): GroupSettings {
  return { ...DEFAULT_GROUP_SETTINGS, ...readJson(text, StoredSettingsSchema, {}) };
}

/** The tree fields and type of a group: what lists carry. */
export function toGroup(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parent_id: row.parent_id,
    domain_type_id: row.domain_type_id,
    type:
      row.domain_type_id !== null && row.type_type !== null
        ? { id: row.domain_type_id, type: row.type_type, name: row.type_name ?? row.type_type }
        : null,
    logic_address: row.logic_address,
    parent_lft: row.lft,
    parent_rgt: row.rgt,
  };
}

/**
 * Adds the requested relations to groups, in one query per relation. Areas
 * that do not exist yet (devices, access rules, …) answer empty lists.
 */
export async function withRelations(
  db: Kysely<Database>,
  rows: GroupRow[],
  relations: readonly GroupRelation[],
): Promise<Group[]> {
  const groups = rows.map(toGroup);
  if (groups.length === 0 || relations.length === 0) return groups;
  const ids = groups.map((g) => g.id);
  const want = new Set(relations);

  if (want.has('parent')) {
    const parentIds = [...new Set(groups.map((g) => g.parent_id).filter((id): id is number => id !== null))];
    const parents = parentIds.length
      ? await db.selectFrom('domains').select(['id', 'name']).where('id', 'in', parentIds).execute()
      : [];
    const byId = new Map(parents.map((p) => [p.id, p]));
    for (const g of groups) g.parent = g.parent_id === null ? null : (byId.get(g.parent_id) ?? null);
  }
  if (want.has('users')) {
    const members = await db
      .selectFrom('user_domains')
      .innerJoin('users', 'users.id', 'user_domains.user_id')
      .select(['user_domains.domain_id', 'users.id', 'users.name', 'users.email'])
      .where('user_domains.domain_id', 'in', ids)
      .where('users.deleted_at', 'is', null)
      .orderBy('users.name')
      .orderBy('users.id')
      .execute();
    for (const g of groups) {
      g.users = members.filter((m) => m.domain_id === g.id).map(({ id, name, email }) => ({ id, name, email }));
    }
  }
  if (want.has('forward_rules')) {
    // A group's forward rules are those of its own virtual number (issue 5).
    const rules = await db
      .selectFrom('sip_numbers as n')
      .innerJoin('sip_number_forward_rule_sets as l', 'l.sip_number_id', 'n.id')
      .innerJoin('forward_rule_sets as s', 's.id', 'l.forward_rule_set_id')
      .select(['n.domain_id', 's.id', 's.name'])
      .where('n.domain_id', 'in', ids)
      .orderBy('l.position')
      .orderBy('l.forward_rule_set_id')
      .execute();
    for (const g of groups)
      g.forward_rules = rules.filter((r) => r.domain_id === g.id).map(({ id, name }) => ({ id, name }));
  }
  if (want.has('mail_templates')) {
    // The group's own mail templates (project settings and mail), named by their type.
    const templates = await db
      .selectFrom('mail_templates')
      .select(['id', 'domain_id', 'mail_type_id'])
      .where('domain_id', 'in', ids)
      .orderBy('mail_type_id')
      .execute();
    for (const g of groups) {
      g.mail_templates = templates
        .filter((t) => t.domain_id === g.id)
        .map((t) => ({ id: t.id, name: mailTypeById(t.mail_type_id)?.code ?? String(t.mail_type_id) }));
    }
  }
  if (want.has('integrations')) {
    // The group's own video platform integrations (section 3 "Group integrations"), by name.
    const integrations = await db
      .selectFrom('integrations')
      .select(['id', 'domain_id', 'name'])
      .where('domain_id', 'in', ids)
      .orderBy('name')
      .execute();
    for (const g of groups) {
      g.integrations = integrations
        .filter((i) => i.domain_id === g.id)
        .map((i) => ({ id: Number(i.id), name: i.name }));
    }
  }
  for (const empty of ['access_rules', 'devices', 'elevators'] as const) {
    if (want.has(empty)) for (const g of groups) g[empty] = [];
  }
  return groups;
}

/** A group's telephony as its answers carry it (section 3: sip_number, sip_trunk). */
export interface GroupTelephony {
  sip_number: Group['sip_number'];
  sip_trunk: Group['sip_trunk'];
}

/**
 * The telephony of groups, in three queries whatever their number: the
 * group's own virtual number (its master number when it has one, else its
 * oldest number) with that number's forward rule sets, and the first trunk
 * given to the group by name. A group without either answers null.
 */
export async function groupTelephony(db: Kysely<Database>, ids: number[]): Promise<Map<number, GroupTelephony>> {
  const out = new Map<number, GroupTelephony>(ids.map((id) => [id, { sip_number: null, sip_trunk: null }]));
  if (ids.length === 0) return out;
  const [numbers, trunks] = await Promise.all([
    db
      .selectFrom('sip_numbers')
      .select(['id', 'domain_id', 'is_active', 'purpose'])
      .where('domain_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sip_trunk_domains as td')
      .innerJoin('sip_trunks as t', 't.id', 'td.sip_trunk_id')
      .select(['td.domain_id', 't.id', 't.name'])
      .where('td.domain_id', 'in', ids)
      .orderBy('t.name')
      .orderBy('t.id')
      .execute(),
  ]);
  const own = new Map<number, (typeof numbers)[number]>();
  for (const n of numbers) {
    if (n.domain_id === null) continue;
    const held = own.get(n.domain_id);
    if (!held || (held.purpose !== 'master_sip_number' && n.purpose === 'master_sip_number')) own.set(n.domain_id, n);
  }
  const numberIds = [...own.values()].map((n) => n.id);
  const rules = numberIds.length
    ? await db
        .selectFrom('sip_number_forward_rule_sets as l')
        .innerJoin('forward_rule_sets as s', 's.id', 'l.forward_rule_set_id')
        .select(['l.sip_number_id', 's.id', 's.name'])
        .where('l.sip_number_id', 'in', numberIds)
        .orderBy('l.position')
        .orderBy('l.forward_rule_set_id')
        .execute()
    : [];
  for (const [domainId, n] of own) {
    out.get(domainId)!.sip_number = {
      is_active: n.is_active === 1,
      forward_rules: rules.filter((r) => r.sip_number_id === n.id).map(({ id, name }) => ({ id, name })),
    };
  }
  for (const t of trunks) {
    const entry = out.get(t.domain_id)!;
    entry.sip_trunk ??= { id: t.id, name: t.name };
  }
  return out;
}

/**
 * Everything the item GET answers: tree fields, every relation, the settings and, for a caller
 * whose licence view reaches the group, its licence info (null otherwise).
 */
export async function toGroupItem(db: Kysely<Database>, row: GroupRow, auth: Auth): Promise<Group> {
  const [group] = await withRelations(db, [row], GROUP_RELATIONS);
  const [telephony, licences] = await Promise.all([groupTelephony(db, [row.id]), licenseInfoOf(db, auth, [row.id])]);
  return {
    ...group!,
    ...readSettings(row.settings),
    ...telephony.get(row.id)!,
    licenseInfo: licences.get(row.id) ?? null,
  };
}
