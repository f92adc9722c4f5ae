import { ACCESS_CALLS } from './calls/access';
import { ACCESS_EVENT_CALLS } from './calls/access-events';
import { ACCESS_MATRIX_CALLS } from './calls/access-matrix';
import { ACCESS_RULE_CALLS } from './calls/access-rules';
import { AMENITY_CALLS } from './calls/amenities';
import { AUDIT_CALLS } from './calls/audit';
import { BACKUP_CALLS } from './calls/backups';
import { BROKER_CALLS } from './calls/broker';
import { COMMUNICATION_CALLS } from './calls/communications';
import { DEVICE_EVENT_CALLS } from './calls/device-events';
import { DEVICE_SEARCH_CALLS } from './calls/device-search';
import { DEVICE_TASK_CALLS } from './calls/device-tasks';
import { DEVICE_CALLS } from './calls/devices';
import { ELEVATOR_CALLS } from './calls/elevators';
import { GROUP_CALLS } from './calls/groups';
import { GUEST_ACCESS_CALLS } from './calls/guest-access';
import { IDENTIFIER_CALLS } from './calls/identifiers';
import { INTEGRATION_CALLS } from './calls/integrations';
import { LICENCE_CALLS } from './calls/licences';
import { MAIL_TEMPLATE_CALLS } from './calls/mail-templates';
import { MARKER_CALLS } from './calls/markers';
import { NOTIFICATION_CALLS } from './calls/notifications';
import { PROFILE_CALLS } from './calls/profile';
import { PROJECT_CALLS } from './calls/project';
import { REGISTRATION_CALLS } from './calls/registration';
import { ROLE_CALLS } from './calls/roles';
import { SECURITY_CALLS } from './calls/security';
import { SESSION_CALLS } from './calls/session';
import { SHELL_CALLS } from './calls/shell';
import { SYSTEM_CALLS } from './calls/system';
import { TELEPHONY_CALLS } from './calls/telephony';
import { TIME_RULE_CALLS } from './calls/time-rules';
import { UKEY2_CALLS } from './calls/ukey2';
import { USER_CALLS } from './calls/users';

/**
 * Every HTTP call of the product, one declaration each (src/contract/call.ts):
 * `'METHOD /path'` → who may call, params, query, body, answer, timeout. The
 * server registers each from here and refuses to start when one is missing or
 * one is registered that is not here; the console sends and gates from here.
 * Each area keeps its table in src/contract/calls/<area>.ts.
 */
export const CALLS = {
  ...SESSION_CALLS,
  ...PROFILE_CALLS,
  ...REGISTRATION_CALLS,
  ...SHELL_CALLS,
  ...USER_CALLS,
  ...ROLE_CALLS,
  ...GROUP_CALLS,
  ...MARKER_CALLS,
  ...TELEPHONY_CALLS,
  ...DEVICE_CALLS,
  ...DEVICE_TASK_CALLS,
  ...DEVICE_EVENT_CALLS,
  ...DEVICE_SEARCH_CALLS,
  ...BROKER_CALLS,
  ...COMMUNICATION_CALLS,
  ...NOTIFICATION_CALLS,
  ...SECURITY_CALLS,
  ...ELEVATOR_CALLS,
  ...ACCESS_CALLS,
  ...ACCESS_MATRIX_CALLS,
  ...ACCESS_RULE_CALLS,
  ...TIME_RULE_CALLS,
  ...IDENTIFIER_CALLS,
  ...AMENITY_CALLS,
  ...ACCESS_EVENT_CALLS,
  ...UKEY2_CALLS,
  ...GUEST_ACCESS_CALLS,
  ...LICENCE_CALLS,
  ...PROJECT_CALLS,
  ...MAIL_TEMPLATE_CALLS,
  ...AUDIT_CALLS,
  ...SYSTEM_CALLS,
  ...BACKUP_CALLS,
  ...INTEGRATION_CALLS,
} as const;

export type CallKey = keyof typeof CALLS;
export { API_BASE } from './constants';
