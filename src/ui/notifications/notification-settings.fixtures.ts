import type { NotificationSettings } from '../../contract/entities/notification';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { notificationSettingsForm } from './notification-settings-form';

/** A resident's subscription as GET /notifications/settings answers it. */
export const sampleNotificationSettings: NotificationSettings = {
  user: { id: 4, name: 'Rita Resident', email: 'resident@riverside.example' },
  notify_about_offline_device: true,
  notify_about_device_task_failed: false,
  acs: true,
};

const item = sampleNotificationSettings;

/** The settings form in the states the page shows differently. */
export const notificationSettingsFixtures = {
  loading: entityFormSnapshot(notificationSettingsForm, 'loading', { id: 4 }),
  editing: entityFormSnapshot(notificationSettingsForm, 'editing', { id: 4, item }),
  dirty: entityFormSnapshot(notificationSettingsForm, 'editing', { id: 4, item, values: { acs: false } }),
  saving: entityFormSnapshot(notificationSettingsForm, 'saving', { id: 4, item, values: { acs: false } }),
  failed: entityFormSnapshot(notificationSettingsForm, 'failed', {
    id: 4,
    failure: { code: 'internal server error', status: 500 },
  }),
};
