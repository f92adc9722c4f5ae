import { type DeviceType, EMERGENCY_ALERT_DEFAULTS } from '../../contract/constants';
import {
  alertRuleErrors,
  type EmergencyAlert,
  EmergencyAlertCreateSchema,
  EmergencyAlertPatchSchema,
} from '../../contract/entities/emergency-alert';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { AudioChoice } from '../../services/alert-audio';

export interface AlertValues extends Record<string, unknown> {
  name: string;
  device_type: DeviceType;
  audio: AudioChoice;
  /** Typed as text; sent as an integer. */
  playback_duration: string;
  open_locks: boolean;
  domains: ListRow[];
  devices: ListRow[];
}

const ids = (rows: unknown) => ((rows as ListRow[] | undefined) ?? []).map((r) => r.id);

/**
 * The emergency alert add/edit page. The audio is a choice (none, stored,
 * a file to upload, a siren to generate) that the save effect turns into the
 * alert's `filename` (src/services/alert-audio.ts).
 */
export const alertForm: EntityFormDefinition<AlertValues, EmergencyAlert> = {
  empty: () => ({
    name: '',
    device_type: EMERGENCY_ALERT_DEFAULTS.device_type,
    audio: { kind: 'none' },
    playback_duration: String(EMERGENCY_ALERT_DEFAULTS.playback_duration),
    open_locks: false,
    domains: [],
    devices: [],
  }),
  fromItem: (a) => ({
    name: a.name,
    device_type: a.device_type,
    audio: a.filename ? { kind: 'stored', filename: a.filename, url: a.file_url } : { kind: 'none' },
    playback_duration: String(a.playback_duration),
    open_locks: a.open_locks,
    domains: a.domains,
    devices: a.devices,
  }),
  kinds: {
    name: 'requiredText',
    device_type: 'raw',
    audio: 'raw',
    playback_duration: 'integer',
    open_locks: 'raw',
    domains: 'raw',
    devices: 'raw',
  },
  finish: (body) => {
    const audio = body.audio as AudioChoice;
    return {
      ...body,
      domains: ids(body.domains),
      devices: ids(body.devices),
      // The schema checks the stored name; a file or a siren become one when saved.
      filename: audio.kind === 'stored' ? audio.filename : null,
      audio,
    };
  },
  schemas: { create: EmergencyAlertCreateSchema, patch: EmergencyAlertPatchSchema },
  check: (values): Record<string, FieldError> => alertRuleErrors(values),
};
