import type { Licence, LicencePreview } from '../../contract/entities/licence';
import { emptyLicenceAddContext, type LicenceAddContext, licenceAddMachine } from './licence-add.machine';

const file = typeof File === 'undefined' ? null : new File(['{}'], 'harbour-office.lic');
const state = (value: string, context: Partial<LicenceAddContext> = {}) =>
  licenceAddMachine.resolveState({ value, context: { ...emptyLicenceAddContext(), ...context } });

const off = { is_enabled: false, license_count: 0 };
/** A licence as the preview shows it (also the licences page's sample). */
export const sampleLicence: Licence = {
  id: 7,
  licence_id: 'HARBOUR-2025-PLUS',
  type: 'plus',
  state: 'active',
  source: 'file',
  customer: 'Harbour Office',
  issued_at: '2025-03-01T09:00:00.000Z',
  is_active: true,
  is_device_license: false,
  device: null,
  restrict_period: { is_active: true, from: 1_740_787_200, to: 1_772_323_200 },
  grace_days: 14,
  features_until: '2026-03-15T00:00:00.000Z',
  sip: { is_enabled: true, is_sip_trunks_enabled: true, is_web_dialer_enabled: true, license_count: 200 },
  mobile_app: {
    is_enabled: true,
    is_white_label_enabled: false,
    is_domain_forward_rule_enabled: true,
    is_remote_open_enabled: true,
    is_siri_enabled: false,
    is_apple_watch_enabled: false,
    is_family_events_enabled: true,
    license_count: 150,
  },
  ukey2: off,
  elevator: true,
  amenity: true,
  license_plate: false,
  face_id: { is_enabled: false, is_enabled_for_guests: false },
  identifier: { is_guest_enabled: true },
  installed_at: '2025-03-02T10:15:00.000Z',
  installed_by: { id: 1, name: 'Administrator' },
};

const features = (on: boolean) => ({
  sip: on,
  sip_trunks: on,
  web_dialer: on,
  mobile_app: true,
  ukey2: false,
  elevator: on,
  amenity: on,
  license_plate: false,
  guest_access: on,
});
const { id: _id, installed_at: _at, installed_by: _by, ...previewed } = sampleLicence;
export const samplePreview: LicencePreview = {
  licences: [{ licence: previewed, replaces: null }],
  features: { before: features(false), after: features(true) },
  counts: {
    before: { sip: { licensed: 0, used: 0 }, mobile_app: { licensed: 25, used: 3 }, ukey2: { licensed: 0, used: 0 } },
    after: { sip: { licensed: 200, used: 0 }, mobile_app: { licensed: 175, used: 3 }, ukey2: { licensed: 0, used: 0 } },
  },
};

export const licenceAddFixtures = {
  choosing: state('choosing'),
  chosen: state('choosing', { file }),
  fromServer: state('choosing', { source: 'server', key: 'HARBOUR-KEY-1' }),
  failedCheck: state('choosing', { file, failure: { code: 'licence sign wrong', status: 400 } }),
  checking: state('checking', { file }),
  preview: state('preview', { file, preview: samplePreview }),
  applying: state('applying', { file, preview: samplePreview }),
  failed: state('failed', {
    source: 'server',
    key: 'HARBOUR-KEY-1',
    preview: samplePreview,
    failure: { code: 'licence server not responding', status: 503 },
  }),
  done: state('done', { file, preview: samplePreview, added: [7] }),
};
