import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AnnounceSchema } from '../../src/contract/entities/announce';
import { EmergencyAlertSchema } from '../../src/contract/entities/emergency-alert';
import { NotificationSettingsSchema } from '../../src/contract/entities/notification';
import { RoleSchema } from '../../src/contract/entities/role';
import { SipNumberSchema } from '../../src/contract/entities/sip-number';
import { SipTrunkSchema } from '../../src/contract/entities/sip-trunk';
import { UserSchema } from '../../src/contract/entities/user';
import { sampleAnnounces } from '../../src/ui/announces/announce.fixtures';
import { sampleAlerts } from '../../src/ui/emergency/alert.fixtures';
import { rowAs } from '../../src/ui/entities/rows';
import { sampleNotificationSettings } from '../../src/ui/notifications/notification-settings.fixtures';
import { sampleRoles } from '../../src/ui/roles/role.fixtures';
import { sampleTrunks } from '../../src/ui/sip-trunks/sip-trunk.fixtures';
import { sampleUsers } from '../../src/ui/users/user.fixtures';
import { sampleSipNumbers } from '../../src/ui/virtual-numbers/sip-number.fixtures';

/**
 * Views read form items and list rows with `v.is` on the contract's item schema
 * (useFormItem, rowAs) instead of casting. An item the client has parsed must
 * still pass that check, or the view would show nothing.
 */
const CASES: Array<[string, v.GenericSchema, readonly unknown[]]> = [
  ['users', UserSchema, sampleUsers],
  ['roles', RoleSchema, sampleRoles],
  ['announces', AnnounceSchema, sampleAnnounces],
  ['emergency alerts', EmergencyAlertSchema, sampleAlerts],
  ['virtual numbers', SipNumberSchema, sampleSipNumbers],
  ['SIP trunks', SipTrunkSchema, sampleTrunks],
  ['notification settings', NotificationSettingsSchema, [sampleNotificationSettings]],
];

describe('typed reads of items', () => {
  it.each(CASES)('a parsed %s item is recognised by its schema', (_, schema, samples) => {
    for (const sample of samples) {
      const parsed = v.parse(schema, sample);
      expect(v.is(schema, parsed)).toBe(true);
    }
  });

  it('a row that is not the entity is refused, not trusted', () => {
    expect(rowAs(AnnounceSchema, { id: 1, name: 'not an announce' })).toBeNull();
    const row = structuredClone(sampleAnnounces[0]!);
    expect(rowAs(AnnounceSchema, row)).toBe(row);
  });
});
