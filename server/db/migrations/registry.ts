import type { Migration } from 'kysely';
import { foundation } from './0001_foundation';
import { markers } from './0002_markers';
import { groups } from './0003_groups';
import { mailRegistration } from './0004_mail_registration';
import { selfRegistration } from './0005_self_registration';
import { notifications } from './0006_notifications';
import { communications } from './0007_communications';
import { telephony } from './0008_telephony';
import { userFlags } from './0009_user_flags';
import { ipBlocking } from './0010_ip_blocking';
import { ruleSetOrder } from './0011_rule_set_order';
import { listSpeed } from './0012_list_speed';
import { mobileClients } from './0014_mobile_clients';
import { devices } from './0015_devices';
import { deviceTasks } from './0016_device_tasks';
import { deviceEvents } from './0017_device_events';
import { elevators } from './0018_elevators';
import { access } from './0019_access';
import { accessEvents } from './0022_access_events';
import { amenities } from './0024_amenities';
import { projectSettings } from './0025_project_settings';
import { licences } from './0026_licences';
import { audit } from './0027_audit';
import { backups } from './0028_backups';
import { integrations } from './0029_integrations';

/**
 * Every migration, by name. Kysely applies them in name order, so names start
 * with a zero-padded number. One set serves both dialects.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_markers': markers,
  '0003_groups': groups,
  '0004_mail_registration': mailRegistration,
  '0005_self_registration': selfRegistration,
  '0006_notifications': notifications,
  '0007_communications': communications,
  '0008_telephony': telephony,
  '0009_user_flags': userFlags,
  '0010_ip_blocking': ipBlocking,
  '0011_rule_set_order': ruleSetOrder,
  '0012_list_speed': listSpeed,
  '0014_mobile_clients': mobileClients,
  '0015_devices': devices,
  '0016_device_tasks': deviceTasks,
  '0017_device_events': deviceEvents,
  '0018_elevators': elevators,
  '0019_access': access,
  '0022_access_events': accessEvents,
  '0024_amenities': amenities,
  '0025_project_settings': projectSettings,
  '0026_licences': licences,
  '0027_audit': audit,
  '0028_backups': backups,
  '0029_integrations': integrations,
};
