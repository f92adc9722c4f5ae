import * as v from 'valibot';
import { DeviceSettingsInputSchema } from '../../../src/contract/entities/device';
import type { DeviceBackupResult } from '../../../src/contract/entities/project-settings';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import type { Auth } from '../auth/auth-context';
import { updateDevice } from '../devices/device-writes';
import { applyImportedSettings } from '../devices/tasks/actions';
import { DomainError, refused } from '../errors';

/**
 * Device backup data (6.2 "import device backup data", 7.8 `/project/import/device-backup`).
 * The file is ours, JSON (docs/decisions.md): a panel's settings as the device page edits them,
 * by serial number —
 *   { "format": "gatehouse-device-backup", "version": 1,
 *     "devices": [ { "serial_number": "…", "device_settings": { "sip": {…}, "address": {…}, … } } ] }
 * (one device may also stand alone: `serial_number` and `device_settings` at the top). Each
 * device of the project with that serial gets the settings merged over its own (the same rules
 * as a device edit, section 5), then a settings apply task; a device that cannot take them is
 * reported with its message and the others go on.
 */
export const DEVICE_BACKUP_FORMAT = 'gatehouse-device-backup';

const EntrySchema = v.object({
  serial_number: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  device_settings: v.unknown(),
});
const FileSchema = v.union([
  v.object({
    format: v.optional(v.literal(DEVICE_BACKUP_FORMAT)),
    version: v.optional(v.literal(1)),
    devices: v.pipe(v.array(v.unknown()), v.maxLength(10_000)),
  }),
  v.object({
    format: v.optional(v.literal(DEVICE_BACKUP_FORMAT)),
    version: v.optional(v.literal(1)),
    ...EntrySchema.entries,
  }),
]);

export async function importDeviceBackup(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config'>,
  auth: Auth,
  file: Buffer,
): Promise<DeviceBackupResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.toString('utf8'));
  } catch {
    throw refused(ERROR_CODES.invalidFile);
  }
  const backup = v.safeParse(FileSchema, parsed);
  if (!backup.success) throw refused(ERROR_CODES.wrongFileBody);
  const entries = 'devices' in backup.output ? backup.output.devices : [backup.output];
  const errors: DeviceBackupResult['errors'] = [];
  const updated: number[] = [];
  for (const raw of entries) {
    const entry = v.safeParse(EntrySchema, raw);
    if (!entry.success) {
      errors.push({ serial_number: null, message: ERROR_CODES.wrongFileBody });
      continue;
    }
    const serial = entry.output.serial_number;
    const settings = v.safeParse(DeviceSettingsInputSchema, entry.output.device_settings);
    if (!settings.success) {
      errors.push({ serial_number: serial, message: ERROR_CODES.invalidDataSent });
      continue;
    }
    const device = await ctx.db
      .selectFrom('devices')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('serial_number', '=', serial)
      .executeTakeFirst();
    if (!device) {
      errors.push({ serial_number: serial, message: ERROR_CODES.itemNotFound });
      continue;
    }
    try {
      await updateDevice(ctx.db, auth, Number(device.id), { device_settings: settings.output });
      updated.push(Number(device.id));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push({ serial_number: serial, message: error.body.message });
    }
  }
  await applyImportedSettings(ctx, auth.projectId, updated);
  return { devices_updated: updated.length, errors };
}
