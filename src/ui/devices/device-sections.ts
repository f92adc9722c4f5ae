import type { DeviceType } from '../../contract/constants';

/** The settings sections of section 3, in the order the page shows them. */
export const SETTINGS_SECTIONS = [
  'sip',
  'address',
  'network',
  'additional',
  'face_recognition',
  'lift_controller',
  'alpr_camera',
  'integration_axxon',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * Which sections a type of device has (the spec lists the sections, not who has
 * them; docs/decisions.md "Devices"): door panels are SIP intercoms with an
 * address, call buttons, a face camera, a lift link and a video platform link;
 * monitors are indoor SIP units; access controllers drive locks (and may call a
 * lift); lift controllers have their floor map; cameras and barriers read
 * number plates. Every device has network settings.
 */
const BY_TYPE: Record<DeviceType, readonly SettingsSection[]> = {
  panel: ['sip', 'address', 'network', 'additional', 'face_recognition', 'lift_controller', 'integration_axxon'],
  monitor: ['sip', 'address', 'network', 'additional'],
  accesscontroller: ['network', 'additional', 'lift_controller', 'integration_axxon'],
  liftcontroller: ['network', 'lift_controller'],
  ip_camera: ['network', 'alpr_camera', 'integration_axxon'],
  barrier: ['network', 'additional', 'alpr_camera'],
};

/** The sections shown for a device of `type`, in page order. */
export const sectionsOf = (type: DeviceType): readonly SettingsSection[] =>
  SETTINGS_SECTIONS.filter((s) => BY_TYPE[type].includes(s));
