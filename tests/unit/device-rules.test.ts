import { describe, expect, it } from 'vitest';
import {
  defaultDeviceSettings,
  deviceRuleErrors,
  internalAddressOf,
  mergeDeviceSettings,
  nextSecret,
  STORED_SECRET,
} from '../../src/contract/entities/device';

/** The device rules the form and the server share (src/contract/entities/device.ts). */
describe('device rules', () => {
  it('a new device has no rule errors', () => {
    expect(deviceRuleErrors('panel', defaultDeviceSettings())).toEqual({});
  });

  it('relays are checked against the type: 4 is in range for an access controller, not for a panel', () => {
    const settings = mergeDeviceSettings(defaultDeviceSettings(), {
      lift_controller: {
        floor_map: [{ floor: 1, name: null, is_public: false, is_panel_floor: false, apartments: [], ports: [4] }],
      },
    });
    expect(deviceRuleErrors('accesscontroller', settings)).toEqual({});
    expect(deviceRuleErrors('panel', settings)).toEqual({
      'device_settings.lift_controller.floor_map.0.ports.0': { code: 'range', params: { min: 1, max: 2 } },
    });
  });

  it('the internal address: none without a device number; the unit is left out with no_unit', () => {
    const address = defaultDeviceSettings().address;
    expect(internalAddressOf(address)).toBeNull();
    expect(internalAddressOf({ ...address, building: 'B1', unit: '2', device: '7' })).toBe('b1/2///7');
    expect(internalAddressOf({ ...address, building: 'B1', unit: '2', no_unit: true, floor: 3, device: '7' })).toBe(
      'b1//3//7',
    );
  });

  it('a save merges sections over the stored ones and keeps secrets on null or the placeholder', () => {
    const stored = mergeDeviceSettings(defaultDeviceSettings(), {
      mqtt_password: 'm1',
      sip: { password: 'Abc123def', talk_timeout: 60 },
      lift_controller: { settings: { relay_open_time: 5 } },
    });
    const next = mergeDeviceSettings(stored, {
      mqtt_password: STORED_SECRET,
      sip: { transport: 'TCP', password: null },
      lift_controller: { settings: { lift_release_time: { card: 3 } } },
    });
    expect(next.mqtt_password).toBe('m1');
    expect(next.sip).toMatchObject({ password: 'Abc123def', talk_timeout: 60, transport: 'TCP' });
    expect(next.lift_controller.settings).toMatchObject({
      relay_open_time: 5,
      lift_release_time: { card: 3, api: null },
    });
    expect(nextSecret('old', 'new')).toBe('new');
    expect(nextSecret('old', undefined)).toBe('old');
  });
});
