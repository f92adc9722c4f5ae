import { useTranslation } from 'react-i18next';
import { Button } from '../kit/Button';
import type { NotificationsRef } from './NotificationBellView';

/**
 * Asks, once and politely, whether to show important notifications on the
 * desktop. The browser's own question follows only from the Turn on click
 * (a user gesture, as browsers require).
 */
export function DesktopPrompt({ actor }: { actor: NotificationsRef }) {
  const { t } = useTranslation('notifications');
  return (
    <div className="flex flex-col gap-2 border-b border-line bg-info-50 px-3 py-2 text-[13px] text-ink">
      <p>{t('desktop.prompt')}</p>
      <div className="flex gap-2">
        <Button size="sm" variant="primary" onClick={() => actor.send({ type: 'desktop.enable' })}>
          {t('desktop.enable')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'desktop.decline' })}>
          {t('desktop.decline')}
        </Button>
      </div>
    </div>
  );
}
