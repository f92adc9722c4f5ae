import { type NotificationSettings, NotificationSettingsPatchSchema } from '../../contract/entities/notification';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';

/** The inputs of the settings page: the three switches. */
export type NotificationSettingsValues = {
  notify_about_offline_device: boolean;
  notify_about_device_task_failed: boolean;
  acs: boolean;
};

/**
 * /notifications/settings on the generic form: loaded with GET, saved with
 * POST (both patch the caller's own subscription, so the form is always "edit").
 */
export const notificationSettingsForm: EntityFormDefinition<NotificationSettingsValues, NotificationSettings> = {
  empty: () => ({ notify_about_offline_device: true, notify_about_device_task_failed: true, acs: true }),
  fromItem: (item) => ({
    notify_about_offline_device: item.notify_about_offline_device,
    notify_about_device_task_failed: item.notify_about_device_task_failed,
    acs: item.acs,
  }),
  kinds: { notify_about_offline_device: 'raw', notify_about_device_task_failed: 'raw', acs: 'raw' },
  schemas: { create: NotificationSettingsPatchSchema, patch: NotificationSettingsPatchSchema },
};
