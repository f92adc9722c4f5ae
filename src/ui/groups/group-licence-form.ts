import {
  GroupLicencePatchSchema,
  type GroupLicenceSettings,
  type GroupLicenseInfo,
} from '../../contract/entities/licence';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import { dayToSeconds, secondsToDay } from '../licences/licence-format';

/** The inputs of a group's licence dialog: whether it has its own, and each setting of section 3. */
export type GroupLicenceValues = {
  own: boolean;
  sipEnabled: boolean;
  sipCount: string;
  mobileEnabled: boolean;
  mobileCount: string;
  ukey2Enabled: boolean;
  ukey2Count: string;
  elevator: boolean;
  amenity: boolean;
  licensePlate: boolean;
  guest: boolean;
  periodActive: boolean;
  periodFrom: string;
  periodTo: string;
  noticeActive: boolean;
  noticeMode: string;
  noticeBefore: string;
};

const count = (n: number | null) => (n === null ? '' : String(n));
const UNLIMITED = { is_active: false, from: 0, to: 999_999_999_999 };

/** Where the server reports a field's error → the input that shows it. */
const INPUTS: Record<string, string> = {
  'licenseInfo.sip.license_count': 'sipCount',
  'licenseInfo.mobileApp.license_count': 'mobileCount',
  'licenseInfo.ukey2.license_count': 'ukey2Count',
  'licenseInfo.restrictPeriod.from': 'periodFrom',
  'licenseInfo.restrictPeriod.to': 'periodTo',
  'licenseInfo.notifications.notifyBefore': 'noticeBefore',
};

/** The inputs of a loaded licence (or of none: every feature on, no counts, no period). */
function valuesOf(item: GroupLicenseInfo | null): GroupLicenceValues {
  return {
    own: item?.own ?? false,
    sipEnabled: item?.sip.is_enabled ?? true,
    sipCount: count(item?.sip.license_count ?? null),
    mobileEnabled: item?.mobileApp.is_enabled ?? true,
    mobileCount: count(item?.mobileApp.license_count ?? null),
    ukey2Enabled: item?.ukey2.is_enabled ?? true,
    ukey2Count: count(item?.ukey2.license_count ?? null),
    elevator: item?.elevator ?? true,
    amenity: item?.amenity ?? true,
    licensePlate: item?.licensePlate ?? true,
    guest: item?.identifier.guest ?? true,
    periodActive: item?.restrictPeriod.is_active ?? false,
    periodFrom: item?.restrictPeriod.is_active ? secondsToDay(item.restrictPeriod.from) : '',
    periodTo: item?.restrictPeriod.is_active ? secondsToDay(item.restrictPeriod.to) : '',
    noticeActive: item?.notifications.isActive ?? true,
    noticeMode: item?.notifications.mode ?? 'everyday',
    noticeBefore: String(item?.notifications.notifyBefore ?? 14),
  };
}

/**
 * A group's licence (GET and PATCH /domains/{id}/license) on the generic form. Unticking "own"
 * sends null: the group inherits again. Blank counts mean no limit of its own; the period's days
 * are whole UTC days (from the first second of the first to the last of the last).
 */
export const groupLicenceForm: EntityFormDefinition<GroupLicenceValues, GroupLicenseInfo> = {
  empty: () => valuesOf(null),
  fromItem: (item) => valuesOf(item),
  kinds: {
    own: 'raw',
    sipEnabled: 'raw',
    sipCount: 'integer',
    mobileEnabled: 'raw',
    mobileCount: 'integer',
    ukey2Enabled: 'raw',
    ukey2Count: 'integer',
    elevator: 'raw',
    amenity: 'raw',
    licensePlate: 'raw',
    guest: 'raw',
    periodActive: 'raw',
    periodFrom: 'raw',
    periodTo: 'raw',
    noticeActive: 'raw',
    noticeMode: 'raw',
    noticeBefore: 'integer',
  },
  finish: (b) => {
    if (b.own !== true) return { licenseInfo: null };
    const from = typeof b.periodFrom === 'string' ? dayToSeconds(b.periodFrom) : null;
    const to = typeof b.periodTo === 'string' ? dayToSeconds(b.periodTo, true) : null;
    const licenseInfo: GroupLicenceSettings = {
      sip: { is_enabled: b.sipEnabled === true, license_count: b.sipCount as number | null },
      mobileApp: { is_enabled: b.mobileEnabled === true, license_count: b.mobileCount as number | null },
      ukey2: { is_enabled: b.ukey2Enabled === true, license_count: b.ukey2Count as number | null },
      elevator: b.elevator === true,
      amenity: b.amenity === true,
      licensePlate: b.licensePlate === true,
      identifier: { guest: b.guest === true },
      restrictPeriod: b.periodActive === true ? { is_active: true, from: from ?? 0, to: to ?? 0 } : UNLIMITED,
      notifications: {
        isActive: b.noticeActive === true,
        mode: b.noticeMode as GroupLicenceSettings['notifications']['mode'],
        notifyBefore: b.noticeBefore as number,
      },
    };
    return { licenseInfo };
  },
  schemas: { create: GroupLicencePatchSchema, patch: GroupLicencePatchSchema },
  /** Section 5 beyond the schema: a period needs both days; SIP at least mobile apps. */
  check: (values) => {
    const errors: Record<string, FieldError> = {};
    if (!values.own) return errors;
    if (values.periodActive) {
      if (dayToSeconds(values.periodFrom) === null) errors.periodFrom = { code: 'required' };
      if (dayToSeconds(values.periodTo) === null) errors.periodTo = { code: 'required' };
      else if ((dayToSeconds(values.periodFrom) ?? 0) > (dayToSeconds(values.periodTo, true) ?? 0)) {
        errors.periodTo = { code: 'time_order' };
      }
    }
    const sip = values.sipEnabled ? values.sipCount.trim() : '0';
    const mobile = values.mobileEnabled ? values.mobileCount.trim() : '0';
    if (/^\d+$/.test(sip) && /^\d+$/.test(mobile) && Number(sip) < Number(mobile)) {
      errors.sipCount = { code: 'min_value', params: { min: Number(mobile) } };
    }
    return errors;
  },
  fieldOf: (path) => INPUTS[path] ?? path.split('.').at(-1) ?? path,
};
