import { useTranslation } from 'react-i18next';
import type { Filter } from '../../contract/filters';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { PickerMachine } from '../../machines/picker/picker.machine';
import { usePageMachines } from '../app/actor-context';
import type { OptionText } from './PickerView';

/** Everything a picker field or relation filter needs about one resource's picker. */
export interface PickerSpec {
  machine: PickerMachine;
  title: string;
  searchLabel: string;
  describe: (row: ListRow) => OptionText;
  labels: (ids: number[]) => LoaderMachine;
  /** Fixed filters (group admins). */
  baseFilters?: Filter[];
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** How each resource reads as an option (2.5: users show their e-mail). */
export const describeUser = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text(row.email) ?? text(row.login),
});
export const describeRole = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text(row.description),
});
export const describeMarker = (row: ListRow): OptionText => ({
  primary: String(row.name),
  swatch: text(row.color) ?? undefined,
});
export const describeGroup = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text((row.type as { name?: string } | null | undefined)?.name),
});

/** A virtual number: the number (and its name), with who holds it. */
export const describeSipNumber = (row: ListRow): OptionText => ({
  primary: text(row.name) ? `${String(row.number)} · ${String(row.name)}` : String(row.number),
  secondary: text(row.owner_info),
});
/** A SIP trunk: its name and where it terminates. */
export const describeSipTrunk = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text(row.termination_uri),
});
/** A forward rule set: its name and the numbers it rings. */
export const describeRuleSet = (row: ListRow): OptionText => {
  const params = row.params as { numbers?: string[]; trunk_numbers?: string[] } | undefined;
  const numbers = [...(params?.numbers ?? []), ...(params?.trunk_numbers ?? [])];
  return { primary: String(row.name), secondary: numbers.length ? numbers.join(', ') : null };
};

/** An elevator: its name and group. */
export const describeElevator = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text((row.domain as { name?: string } | null | undefined)?.name),
});
/** A lift controller: its name, serial and how many floors its map has. */
export const describeLiftController = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: [text(row.serial_number), `${String(row.floors ?? 0)} ⌂`].filter(Boolean).join(' · '),
});

/** An access rule: its name, with its doors. */
export const describeAccessRule = (row: ListRow): OptionText => {
  const doors = (row.devices as { name: string; lock_number: number }[] | undefined) ?? [];
  return {
    primary: String(row.name),
    secondary: doors.length ? doors.map((d) => `${d.name} #${d.lock_number}`).join(', ') : text(row.description),
  };
};

/** A schedule (time rule): its name, with its description. */
export const describeTimeRule = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text(row.description),
});

/** An amenity: its name, with its address. */
export const describeAmenity = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text(row.address),
});

/** A device: its name, with its group and serial number. */
export const describeDevice = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary:
    [text((row.domain as { name?: string } | null | undefined)?.name), text(row.serial_number)]
      .filter(Boolean)
      .join(' · ') || null,
});

/** An integration: its name, with its platform's server. */
export const describeIntegration = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text((row.settings as { url?: string } | null | undefined)?.url),
});
/** A macro of a video platform: its name, with its guid. */
export const describeMacro = (row: ListRow): OptionText => ({ primary: String(row.name), secondary: text(row.guid) });
/** A camera of a video platform: its name, with its access point. */
export const describeCamera = (row: ListRow): OptionText => ({
  primary: String(row.name),
  secondary: text(row.access_point),
});

/**
 * "Permit devices" (7.8's picker list): devices an access rule may permit passage
 * through, i.e. those with a lock or a barrier to open: not indoor monitors, and not
 * lift controllers (their floors go by elevator access rules). docs/decisions.md "Devices".
 */
export const PERMIT_DEVICE_FILTERS: Filter[] = [
  { field: 'type', rule: 'not_equals', value: 'monitor' },
  { field: 'type', rule: 'not_equals', value: 'liftcontroller' },
];

/**
 * The pickers of 2.5 delivered so far: users, group admins, roles, markers,
 * groups, virtual numbers, SIP trunks, forward rules (rule sets and groups), devices and permit devices.
 * Name search is the contract's `search` fields (users: name, e-mail, login;
 * virtual numbers: number, name, user name and e-mail, device name).
 */
export function usePickers() {
  const { t } = useTranslation('lists');
  const machines = usePageMachines();
  const { entities } = machines;
  // `texts`: where the picker's title and search label live (`<ns>:pickers.<name>`).
  const spec = (
    key: keyof typeof entities,
    describe: PickerSpec['describe'],
    texts = `lists:pickers.${key}`,
  ): PickerSpec => ({
    machine: entities[key].picker,
    labels: entities[key].labels,
    title: t(`${texts}.title`),
    searchLabel: t(`${texts}.search`),
    describe,
  });
  return {
    users: spec('users', describeUser),
    roles: spec('roles', describeRole),
    markers: spec('markers', describeMarker),
    groups: spec('domains', describeGroup),
    domainTypes: spec('domainTypes', (row) => ({ primary: String(row.name), secondary: text(row.type) })),
    sipNumbers: spec('sipNumbers', describeSipNumber),
    sipTrunks: spec('sipTrunks', describeSipTrunk),
    forwardRuleSets: spec('forwardRuleSets', describeRuleSet),
    forwardGroups: spec('forwardGroups', (row) => ({ primary: String(row.name) })),
    /** Who the caller may write to (7.6 recipients, by the permissions of 6.2). */
    recipients: spec('conversationRecipients', describeUser, 'conversations:pickers.recipients'),
    /** Devices an emergency alert may target (the project's devices). */
    alertDevices: spec(
      'alertDevices',
      (row) => ({
        primary: String(row.name),
        secondary: text((row.domain as { name?: string } | null | undefined)?.name),
      }),
      'emergency:pickers.devices',
    ),
    /** Identifiers (2.5), for other areas (access rules): name or value, with the type and owner. */
    identifiers: spec(
      'identifiers',
      (row) => ({
        primary: String(row.name ?? row.value),
        secondary: [String(row.type), text((row.owner as { name?: string } | null | undefined)?.name)]
          .filter(Boolean)
          .join(' · '),
      }),
      'identifiers:pickers.identifiers',
    ),
    /** Elevators (2.5), for other areas (elevator access rules). */
    elevators: spec('elevators', describeElevator, 'elevators:pickers.elevators'),
    /**
     * Lift controllers an elevator may be given: linked to no elevator, or to this one
     * (`free_for`, 0 for a new elevator).
     */
    elevatorControllers: (elevatorId: number | null): PickerSpec => ({
      ...spec('elevatorControllers', describeLiftController, 'elevators:pickers.controllers'),
      baseFilters: [{ field: 'free_for', rule: 'equals', value: elevatorId ?? 0 }],
    }),
    /** Amenities the caller sees (2.5): those of their groups for a resident. */
    amenities: spec('amenities', describeAmenity, 'amenities:pickers.amenities'),
    /** Access rules the caller sees (2.5). */
    accessRules: spec('accessRules', describeAccessRule, 'accessRules:pickers.accessRules'),
    /** Schedules (2.5), for access rules. */
    timeRules: spec('timeRules', describeTimeRule, 'schedules:pickers.timeRules'),
    /** The shareable rules the caller may hand on with a guest key (2.5: no load more). */
    availableAccessRules: spec('availableAccessRules', describeAccessRule, 'accessRules:pickers.available'),
    /** The project's devices the caller sees (6.2 scopes), by name, serial or IP. */
    devices: spec('devices', describeDevice, 'devices:pickers.devices'),
    /** Devices an access rule may permit (see PERMIT_DEVICE_FILTERS). */
    permitDevices: {
      ...spec('devices', describeDevice, 'devices:pickers.permitDevices'),
      baseFilters: PERMIT_DEVICE_FILTERS,
    },
    /** The integrations the caller sees (2.5), for a door's video platform link. */
    integrations: spec('integrations', describeIntegration, 'integrations:pickers.integrations'),
    /** The macros of one integration's platform (2.5: needs the integration's id). */
    integrationMacros: (integrationId: number): PickerSpec => ({
      ...spec('integrations', describeMacro, 'integrations:pickers.macros'),
      machine: machines.integrationMacros(integrationId),
    }),
    /** The cameras of one integration's platform (2.5: needs the integration's id). */
    integrationCameras: (integrationId: number): PickerSpec => ({
      ...spec('integrations', describeCamera, 'integrations:pickers.cameras'),
      machine: machines.integrationCameras(integrationId),
    }),
    /**
     * Administrators of a group: users the server limits with `limit_by_domain_id`
     * (7.8) to those who may administer that group (docs/decisions.md).
     */
    groupAdmins: (groupId: number): PickerSpec => ({
      ...spec('users', describeUser),
      title: t('lists:pickers.groupAdmins.title'),
      baseFilters: [{ field: 'limit_by_domain_id', rule: 'equals', value: groupId }],
    }),
  };
}
