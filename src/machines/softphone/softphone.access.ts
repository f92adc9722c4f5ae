import { FLOATING_ACTION } from '../../contract/constants';
import type { Profile } from '../../contract/entities/profile';
import type { ServerSettings } from '../../contract/entities/server-settings';
import { hasAnyPermission, hasPermission } from '../../contract/permissions';
import type { SipAccount } from '../sip-registration/sip-registration.machine';

/** What the softphone needs to start, when the user may use it. */
export interface SoftphoneAccess {
  account: SipAccount;
  /** The interception panel shows only with `calls.interception` (6.4). */
  canIntercept: boolean;
  /** Works the call queue: waiting calls and their updates (`concierge.reception` or `calls.interception`). */
  canManageCalls: boolean;
  /** Opens doors: door devices and door open (`concierge.reception` or `calls.call_panel`). */
  canOpenDoors: boolean;
  /** Id of the floating dialer button (1 to 999999), stable per SIP number. */
  fabId: number;
}

/**
 * The dialer is available only with a profile, a SIP proxy host in the server
 * settings, SIP and web dialing enabled by the server and by the licence, and
 * a SIP number of the user's own (2.6, 5, 6.4). Null when any is missing.
 */
export function softphoneAccess(profile: Profile | null, settings: ServerSettings | null): SoftphoneAccess | null {
  const own = profile?.sip_number;
  if (!profile || !own || !settings?.sip_proxy_host) return null;
  if (!settings.is_sip_enabled || !settings.is_web_dialer_enabled) return null;
  if (!settings.features?.sip || !settings.features.web_dialer) return null;
  return {
    account: {
      number: own.number,
      password: own.password,
      displayName: own.name ?? profile.name,
      host: settings.sip_proxy_host,
      port: settings.sip_port,
    },
    canIntercept: hasPermission(profile.role.permissions, 'calls.interception'),
    canManageCalls: hasAnyPermission(profile.role.permissions, ['concierge.reception', 'calls.interception']),
    canOpenDoors: hasAnyPermission(profile.role.permissions, ['concierge.reception', 'calls.call_panel']),
    fabId: FLOATING_ACTION.idMin + (own.id % FLOATING_ACTION.idMax),
  };
}
