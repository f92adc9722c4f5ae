import type {
  GroupLicenseInfo,
  Licence,
  LicenceFeatureState,
  LicencesPeriodReport,
  LicencesUsedReport,
  LicenceWarning,
} from '../../contract/entities/licence';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { sampleLicence } from '../../machines/licence-add/licence-add.fixtures';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { groupLicenceForm } from '../groups/group-licence-form';
import { licenceSettingsForm } from './licence-settings-form';

const day = 86_400;
const at = (days: number) => new Date(Date.now() + days * day * 1000).toISOString();
const seconds = (days: number) => Math.floor(Date.now() / 1000) + days * day;

export const sampleLicences: Licence[] = [
  sampleLicence,
  {
    ...sampleLicence,
    id: 6,
    licence_id: 'HARBOUR-2024-BASIC',
    type: 'basic_paid',
    state: 'disabled',
    restrict_period: { is_active: true, from: 1_709_251_200, to: 1_740_787_200 },
    features_until: '2025-03-15T00:00:00.000Z',
    elevator: false,
    amenity: false,
    sip: { ...sampleLicence.sip, license_count: 100 },
    installed_at: '2024-03-01T08:00:00.000Z',
  },
];

const off = {
  sip: false,
  sip_trunks: false,
  web_dialer: false,
  mobile_app: false,
  ukey2: false,
  elevator: false,
  amenity: false,
  license_plate: false,
  guest_access: false,
};
const normal: LicenceWarning = { status: 'normal', days: null, at: null };
export const sampleState: LicenceFeatureState = {
  features: {
    ...off,
    sip: true,
    sip_trunks: true,
    web_dialer: true,
    mobile_app: true,
    elevator: true,
    amenity: true,
    guest_access: true,
  },
  counts: {
    sip: { licensed: 200, used: 168 },
    mobile_app: { licensed: 150, used: 41 },
    ukey2: { licensed: 0, used: 0 },
  },
  warning: normal,
  licence_server: true,
  instance_id: '98907e91-b772-4be8-a80f-57480b1baf53',
};
const noLicenceState: LicenceFeatureState = {
  ...sampleState,
  features: off,
  counts: { sip: { licensed: 0, used: 0 }, mobile_app: { licensed: 0, used: 0 }, ukey2: { licensed: 0, used: 0 } },
  warning: { status: 'no_license', days: null, at: null },
};

const counted = (license_count: number | null, available: number | null, used: number) => ({
  is_enabled: true,
  license_count,
  available,
  used,
});
export const sampleGroupLicence: GroupLicenseInfo = {
  own: true,
  sip: counted(200, 200, 18),
  mobileApp: counted(100, 100, 7),
  ukey2: counted(60, 60, 0),
  elevator: false,
  amenity: true,
  licensePlate: true,
  identifier: { guest: true },
  restrictPeriod: { is_active: true, from: seconds(-60), to: seconds(120) },
  notifications: { isActive: true, mode: 'every_week', notifyBefore: 30 },
};
const inheritedGroupLicence: GroupLicenseInfo = {
  ...sampleGroupLicence,
  own: false,
  sip: { ...counted(null, 400, 3) },
  mobileApp: counted(null, 150, 0),
  ukey2: counted(null, 100, 0),
  elevator: true,
  restrictPeriod: { is_active: false, from: 0, to: 999_999_999_999 },
  notifications: { isActive: true, mode: 'everyday', notifyBefore: 14 },
};

const usage = (available: number | null, used: number) => ({ available, used });
const unlimited = { is_active: false, from: 0, to: 999_999_999_999 };
export const sampleUsedReport: LicencesUsedReport = {
  generated_at: at(0),
  project: {
    sip: { licensed: 1000, used: 114 },
    mobile_app: { licensed: 500, used: 412 },
    ukey2: { licensed: 300, used: 300 },
  },
  group: { id: 1, name: 'Riverside Residence' },
  path: [{ id: 1, name: 'Riverside Residence' }],
  rows: [
    {
      group: { id: 1, name: 'Riverside Residence', parent_id: null },
      has_children: true,
      own: false,
      sip: usage(1000, 114),
      mobile_app: usage(500, 412),
      ukey2: usage(300, 300),
      restrict_period: unlimited,
    },
    {
      group: { id: 2, name: 'Building A', parent_id: 1 },
      has_children: true,
      own: true,
      sip: usage(400, 43),
      mobile_app: usage(150, 131),
      ukey2: usage(100, 100),
      restrict_period: unlimited,
    },
    {
      group: { id: 3, name: 'Building B', parent_id: 1 },
      has_children: true,
      own: true,
      sip: usage(300, 47),
      mobile_app: usage(120, 80),
      ukey2: usage(80, 12),
      restrict_period: unlimited,
    },
    {
      group: { id: 4, name: 'Building C', parent_id: 1 },
      has_children: true,
      own: true,
      sip: usage(200, 18),
      mobile_app: usage(100, 7),
      ukey2: usage(60, 0),
      restrict_period: { is_active: true, from: seconds(-60), to: seconds(120) },
    },
    {
      group: { id: 5, name: 'Courtyard', parent_id: 1 },
      has_children: false,
      own: false,
      sip: usage(null, 0),
      mobile_app: usage(500, 0),
      ukey2: usage(300, 0),
      restrict_period: unlimited,
    },
  ],
};

const month = (offset: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
};
export const samplePeriodReport: LicencesPeriodReport = {
  generated_at: at(0),
  from: month(-6),
  to: month(12),
  licences: [
    {
      id: 6,
      licence_id: 'demo-riverside-previous',
      type: 'basic_paid',
      state: 'disabled',
      customer: 'Riverside Residence',
      restrict_period: { is_active: true, from: seconds(-425), to: seconds(-60) },
      features_until: at(-46),
      sip: 200,
      mobile_app: 200,
      ukey2: 100,
    },
    {
      id: 7,
      licence_id: 'demo-riverside-plus',
      type: 'plus',
      state: 'active',
      customer: 'Riverside Residence',
      restrict_period: { is_active: true, from: seconds(-60), to: seconds(305) },
      features_until: at(319),
      sip: 1000,
      mobile_app: 500,
      ukey2: 300,
    },
  ],
  groups: [{ id: 4, name: 'Building C', restrict_period: { is_active: true, from: seconds(-60), to: seconds(120) } }],
  series: Array.from({ length: 19 }, (_, i) => ({
    at: month(i - 6),
    sip: i < 4 ? 200 : i < 16 ? 1000 : 0,
    mobile_app: i < 4 ? 200 : i < 16 ? 500 : 0,
    ukey2: i < 4 ? null : i < 16 ? 300 : 0,
  })),
};

const rows = (items: unknown[]) => items as ListRow[];
const loaded = (data: unknown) => loaderMachine.resolveState({ value: 'loaded', context: { data, error: null } });
const warning = (w: LicenceWarning) => loaded(w);

/** Snapshots of the licences page, its banner, dialogs and the reports, for their stories and tests. */
export const licencesFixtures = {
  list: entityListSnapshot(
    { browsing: 'ready' },
    { items: rows(sampleLicences), total: 2, lastPage: 1, defaultSort: ['-installed_at'] },
  ),
  emptyList: entityListSnapshot(
    { browsing: 'ready' },
    { lastPage: 1, defaultSort: ['-installed_at'], query: defaultListState() },
  ),
  confirmingDelete: entityListSnapshot('confirmingDelete', {
    items: rows(sampleLicences),
    total: 2,
    lastPage: 1,
    defaultSort: ['-installed_at'],
    pendingDelete: { kind: 'ids', ids: [6] },
  }),
  state: loaded(sampleState),
  noLicenceState: loaded(noLicenceState),
  willExpire: warning({ status: 'will_expire', days: 9, at: at(9) }),
  willExpireToday: warning({ status: 'will_expire', days: 0, at: at(0.4) }),
  alreadyExpired: warning({ status: 'already_expired', days: 5, at: at(5) }),
  noLicence: warning({ status: 'no_license', days: null, at: null }),
  normal: warning(normal),
  item: loaded(sampleLicence),
  notices: entityFormSnapshot(licenceSettingsForm, 'editing', {
    id: 1,
    item: { notifications: { isActive: true, mode: 'everyday', notifyBefore: 14 } },
  }),
  groupLicence: entityFormSnapshot(groupLicenceForm, 'editing', { id: 4, item: sampleGroupLicence }),
  groupInherited: entityFormSnapshot(groupLicenceForm, 'editing', { id: 5, item: inheritedGroupLicence }),
  usedReport: loaded(sampleUsedReport),
  periodReport: loaded(samplePeriodReport),
};
