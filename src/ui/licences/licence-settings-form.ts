import { type LicenceSettings, LicenceSettingsSchema } from '../../contract/entities/licence';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';

/** The inputs of the notices dialog. */
export type LicenceSettingsValues = { isActive: boolean; mode: string; notifyBefore: string | number };

/**
 * The licence notices (section 3 `notifications`: isActive, mode, notifyBefore) on the generic
 * form: loaded with GET /licenses/settings, saved with PATCH (always "edit").
 */
export const licenceSettingsForm: EntityFormDefinition<LicenceSettingsValues, LicenceSettings> = {
  empty: () => ({ isActive: true, mode: 'everyday', notifyBefore: '14' }),
  fromItem: (item) => ({
    isActive: item.notifications.isActive,
    mode: item.notifications.mode,
    notifyBefore: String(item.notifications.notifyBefore),
  }),
  kinds: { isActive: 'raw', mode: 'raw', notifyBefore: 'integer' },
  finish: (body) => ({
    notifications: { isActive: body.isActive, mode: body.mode, notifyBefore: body.notifyBefore },
  }),
  schemas: { create: LicenceSettingsSchema, patch: LicenceSettingsSchema },
  fieldOf: (path) => path.replace(/^notifications\./, ''),
};
