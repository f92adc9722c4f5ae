import type { Transaction } from 'kysely';
import { SECONDS_IN_DAY } from '../../../src/contract/constants';
import { DEFAULT_LICENCE_NOTIFICATIONS, type GroupLicenceSettings } from '../../../src/contract/entities/licence';
import { summarise } from '../../domain/licences/group-tree';
import type { LicencePayload } from '../../domain/licences/licence-file';
import { featuresAt, iso, nextChange } from '../../domain/licences/licence-state';
import { bareLicence, fullLicence, signLicence } from '../../simulator/licence-issuer';
import type { Database } from '../schema';

/**
 * The demo's licences (docs/decisions.md "Licences"), issued for this installation by the
 * demo's issuer (server/simulator/licence-issuer.ts, the development key), installed as a person
 * would add them, with the features they give derived at once:
 * - Riverside Residence: last year's `basic_paid` licence (over, its features gone) and this
 *   year's `plus` with every feature (1000 numbers, 500 mobile apps, 300 UKEY2), and licence
 *   counts on its buildings; Building C's period ends sooner, with weekly notices 30 days before;
 * - Harbour Office: a `basic` licence with the mobile app only (25).
 */
const DAY = SECONDS_IN_DAY;

function period(now: Date, fromDays: number, toDays: number) {
  const at = Math.floor(now.getTime() / 1000);
  return { is_active: true, from: at + fromDays * DAY, to: at + toDays * DAY };
}

export function residenceLicences(instanceId: string, now: Date): LicencePayload[] {
  const issued = (days: number) => new Date(now.getTime() + days * DAY * 1000).toISOString();
  return [
    fullLicence(instanceId, {
      licence_id: 'demo-riverside-previous',
      type: 'basic_paid',
      customer: 'Riverside Residence',
      issued_at: issued(-430),
      restrict_period: period(now, -425, -60),
      sip: { is_enabled: true, is_sip_trunks_enabled: true, is_web_dialer_enabled: true, license_count: 200 },
      mobile_app: { ...fullLicence(instanceId).mobile_app, license_count: 200 },
      ukey2: { is_enabled: true, license_count: 100 },
      elevator: false,
      amenity: false,
    }),
    fullLicence(instanceId, {
      licence_id: 'demo-riverside-plus',
      type: 'plus',
      customer: 'Riverside Residence',
      issued_at: issued(-65),
      restrict_period: period(now, -60, 305),
      sip: { is_enabled: true, is_sip_trunks_enabled: true, is_web_dialer_enabled: true, license_count: 1000 },
      mobile_app: { ...fullLicence(instanceId).mobile_app, license_count: 500 },
      ukey2: { is_enabled: true, license_count: 300 },
    }),
  ];
}

export function officeLicences(instanceId: string, now: Date): LicencePayload[] {
  return [
    bareLicence(instanceId, {
      licence_id: 'demo-harbour-basic',
      customer: 'Harbour Office',
      issued_at: new Date(now.getTime() - 12 * DAY * 1000).toISOString(),
      restrict_period: period(now, -10, 355),
      mobile_app: { ...bareLicence(instanceId).mobile_app, is_enabled: true, license_count: 25 },
    }),
  ];
}

/** A building's licence: counts, every flag (Building C has no lift), optionally a period with notices. */
function buildingLicence(
  counts: { sip: number; mobile: number; ukey2: number },
  extra: Partial<GroupLicenceSettings> = {},
): GroupLicenceSettings {
  return {
    sip: { is_enabled: true, license_count: counts.sip },
    mobileApp: { is_enabled: true, license_count: counts.mobile },
    ukey2: { is_enabled: true, license_count: counts.ukey2 },
    elevator: true,
    amenity: true,
    licensePlate: true,
    identifier: { guest: true },
    restrictPeriod: { is_active: false, from: 0, to: 999_999_999_999 },
    notifications: DEFAULT_LICENCE_NOTIFICATIONS,
    ...extra,
  };
}

export function buildingLicences(now: Date): Record<string, GroupLicenceSettings> {
  return {
    'Building A': buildingLicence({ sip: 400, mobile: 150, ukey2: 100 }),
    'Building B': buildingLicence({ sip: 300, mobile: 120, ukey2: 80 }),
    'Building C': buildingLicence(
      { sip: 200, mobile: 100, ukey2: 60 },
      {
        elevator: false,
        restrictPeriod: period(now, -60, 120),
        notifications: { isActive: true, mode: 'every_week', notifyBefore: 30 },
      },
    ),
  };
}

/** Installs licences into a project and derives its features, counts and period from them. */
export async function installDemoLicences(
  trx: Transaction<Database>,
  seed: { projectId: number; adminId: number; now: Date; licences: LicencePayload[] },
): Promise<void> {
  const { projectId, adminId, now, licences } = seed;
  const stamp = now.toISOString();
  await trx
    .insertInto('licences')
    .values(
      licences.map((l) => ({
        project_id: projectId,
        licence_id: l.licence_id,
        type: l.type,
        source: 'file',
        customer: l.customer,
        issued_at: l.issued_at,
        data: JSON.stringify(l),
        payload: JSON.stringify(signLicence(l)),
        installed_at: l.issued_at < stamp ? l.issued_at : stamp,
        installed_by_user_id: adminId,
      })),
    )
    .execute();
  const at = now.getTime();
  const next = nextChange(licences, at);
  await trx
    .updateTable('projects')
    .set({ features: JSON.stringify(featuresAt(licences, at)) })
    .where('id', '=', projectId)
    .execute();
  await trx
    .insertInto('licence_settings')
    .values({
      project_id: projectId,
      notifications: null,
      features_until: next === null ? null : iso(next),
      summary: JSON.stringify(summarise(licences, at)),
    })
    .execute();
}

/** Group licences by group name (groups not in `groups` are skipped: the small demo has Building A only). */
export async function installGroupLicences(
  trx: Transaction<Database>,
  seed: {
    projectId: number;
    now: Date;
    groups: Record<string, number>;
    licences: Record<string, GroupLicenceSettings>;
  },
): Promise<void> {
  const rows = Object.entries(seed.licences).flatMap(([name, settings]) => {
    const id = seed.groups[name];
    return id === undefined
      ? []
      : [
          {
            domain_id: id,
            project_id: seed.projectId,
            settings: JSON.stringify(settings),
            updated_at: seed.now.toISOString(),
          },
        ];
  });
  if (rows.length > 0) await trx.insertInto('domain_licences').values(rows).execute();
}
