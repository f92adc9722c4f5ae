import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectProfile } from '../../machines/session/session.selectors';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityForm } from '../entities/use-entity-form';
import { NotificationSettingsView } from './NotificationSettingsView';
import { notificationSettingsForm } from './notification-settings-form';

/** /notifications/settings: the caller's own subscription (any logged-in user). */
export function NotificationSettingsPage() {
  const profile = useSelector(useSessionActor(), selectProfile);
  // The guard renders pages only with a loaded profile.
  return profile ? <SettingsForm profileId={profile.id} /> : null;
}

function SettingsForm({ profileId }: { profileId: number }) {
  const { t } = useTranslation('notifications');
  const { closePage } = usePageStack();
  const formRef = useEntityForm(
    usePageMachines().notifications.settingsForm,
    { id: profileId, definition: notificationSettingsForm, mayEdit: true },
    () => {},
  );
  return (
    <NotificationSettingsView
      formRef={formRef}
      title={t('settings.title')}
      onCancel={() => closePage('/notifications')}
    />
  );
}
