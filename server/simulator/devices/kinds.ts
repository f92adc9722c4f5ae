import type { DeviceType } from '../../../src/contract/constants';
import type { RequestKind } from '../../mqtt/protocol';

/** What each simulated kind of device is and can do. */

export type DeviceKind = 'panel' | 'monitor' | 'accesscontroller' | 'liftcontroller' | 'plate_camera';

export interface KindProfile {
  /** `type` of §3. */
  type: DeviceType;
  model: string;
  /** Relays it drives (a plate camera's one relay is its barrier; a lift controller's are floors). */
  relays: number;
  /** Requests beyond init, settings.apply, sync, reboot. */
  requests: readonly RequestKind[];
}

const ALWAYS: readonly RequestKind[] = ['init', 'settings.apply', 'sync', 'reboot'];

export const KINDS: Record<DeviceKind, KindProfile> = {
  panel: {
    type: 'panel',
    model: 'AA12',
    relays: 2,
    requests: [
      ...ALWAYS,
      'sip.reboot',
      'relay.open',
      'screen.state',
      'call.button',
      'emergency.play',
      'emergency.stop',
    ],
  },
  monitor: {
    type: 'monitor',
    model: 'MN07',
    relays: 1,
    requests: [...ALWAYS, 'sip.reboot', 'relay.open', 'screen.state', 'emergency.play', 'emergency.stop'],
  },
  accesscontroller: { type: 'accesscontroller', model: 'AC02', relays: 2, requests: [...ALWAYS, 'relay.open'] },
  liftcontroller: {
    type: 'liftcontroller',
    model: 'LC16',
    relays: 16,
    requests: [...ALWAYS, 'relay.open', 'lift.call'],
  },
  plate_camera: { type: 'ip_camera', model: 'PC01', relays: 1, requests: [...ALWAYS, 'relay.open'] },
};

/** A floor map entry (§3): which relay ports serve a floor. */
export interface FloorMapEntry {
  floor: number;
  name?: string;
  is_public?: boolean;
  is_panel_floor?: boolean;
  apartments?: string[];
  ports: number[];
}
