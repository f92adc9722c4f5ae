import { anyOf, defineCalls, envelope, OkSchema } from '../call';
import {
  IpBlockingStatusSchema,
  ipBansEntity,
  ipWhitelistEntity,
  UnbanAllSchema,
  UnbannedSchema,
  UnbanSchema,
} from '../entities/ip-blocking';
import { entityCalls } from '../entity';

/**
 * IP blocking (7.8): status, the banned list, unban per service, unban all,
 * the whitelist. 6.2 has no family of its own: viewing needs
 * project.view_settings, changes project.change_settings.
 */
export const SECURITY_CALLS = defineCalls({
  'GET /ip-blocking/status': { access: anyOf(['project.view_settings']), response: envelope(IpBlockingStatusSchema) },
  ...entityCalls(ipBansEntity),
  'POST /ip-blocking/unban': {
    audit: { entity: 'ip_bans', action: 'unban', recordedBy: 'domain' },
    access: anyOf(['project.change_settings']),
    body: UnbanSchema,
    response: OkSchema,
  },
  'POST /ip-blocking/unban-all': {
    audit: { entity: 'ip_bans', action: 'unban_all', recordedBy: 'domain' },
    access: anyOf(['project.change_settings']),
    body: UnbanAllSchema,
    response: UnbannedSchema,
  },
  ...entityCalls(ipWhitelistEntity),
});
