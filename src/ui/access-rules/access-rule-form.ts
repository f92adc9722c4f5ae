import { type AccessRule, AccessRuleCreateSchema, AccessRulePatchSchema } from '../../contract/entities/access-rule';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the access rule page edits. Identifiers are kept by the server (not sent). */
export interface AccessRuleValues extends FormValues {
  name: string;
  description: string;
  /** Devices, as picked (rows with their type: it says how many locks each has). */
  devices: ListRow[];
  /** The chosen locks of each device, by device id (none chosen: lock 1). */
  locks: Record<string, number[]>;
  users: ListRow[];
  domains: ListRow[];
  /** Schedules: the rule is open while any of them is (none: always). */
  time_rules: ListRow[];
  prohibition: boolean;
  is_shareable: boolean;
}

/** The locks of a device in `locks`, lock 1 when none is chosen. */
export const locksOf = (locks: Record<string, number[]>, id: number): number[] => {
  const chosen = locks[String(id)] ?? [];
  return chosen.length > 0 ? [...chosen].sort((a, b) => a - b) : [1];
};

/** The access rule form (section 3, 5): each device with its locks, sent as doors `{ id, lock_number }`. */
export const accessRuleForm: EntityFormDefinition<AccessRuleValues, AccessRule> = {
  empty: () => ({
    name: '',
    description: '',
    devices: [],
    locks: {},
    users: [],
    domains: [],
    time_rules: [],
    prohibition: false,
    is_shareable: true,
  }),
  fromItem: (rule) => {
    const devices: ListRow[] = [];
    const locks: Record<string, number[]> = {};
    for (const door of rule.devices) {
      if (!devices.some((d) => d.id === door.id)) devices.push({ id: door.id, name: door.name, type: door.type });
      locks[String(door.id)] = [...(locks[String(door.id)] ?? []), door.lock_number];
    }
    return {
      name: rule.name,
      description: rule.description ?? '',
      devices,
      locks,
      users: rule.users,
      domains: rule.domains,
      time_rules: rule.time_rules,
      prohibition: rule.prohibition,
      is_shareable: rule.is_shareable,
    };
  },
  kinds: {
    name: 'requiredText',
    description: 'text',
    devices: 'raw',
    users: 'raw',
    domains: 'raw',
    time_rules: 'raw',
    prohibition: 'raw',
    is_shareable: 'raw',
  },
  finish: (body, _mode, values) => ({
    ...body,
    devices: values.devices.flatMap((row) =>
      locksOf(values.locks, row.id).map((lock_number) => ({ id: row.id, lock_number })),
    ),
    users: values.users.map((row) => row.id),
    domains: values.domains.map((row) => row.id),
    time_rules: values.time_rules.map((row) => row.id),
  }),
  schemas: { create: AccessRuleCreateSchema, patch: AccessRulePatchSchema },
  // devices.N.lock_number (a lock beyond the device's relays) → the doors.
};
