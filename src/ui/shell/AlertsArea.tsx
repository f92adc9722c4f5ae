import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Alert, AlertKind } from '../../machines/alerts/alerts.machine';
import { selectAlerts } from '../../machines/alerts/alerts.selectors';
import { useAlertsActor } from '../app/actor-context';
import { cx } from '../kit/class-names';
import { Icon, type IconName } from '../kit/icons';
import { translateAlertCode } from '../kit/translate-error';

const TONES: Record<AlertKind, { box: string; icon: IconName; iconColour: string }> = {
  error: { box: 'border-danger-600/40 bg-danger-50', icon: 'alert', iconColour: 'text-danger-600' },
  warning: { box: 'border-warning-600/40 bg-warning-50', icon: 'alert', iconColour: 'text-warning-600' },
  success: { box: 'border-success-600/40 bg-success-50', icon: 'check', iconColour: 'text-success-600' },
  info: { box: 'border-info-600/40 bg-info-50', icon: 'info', iconColour: 'text-info-600' },
};

/**
 * The alerts area of 2.3: error, warning, success and info alerts stacked at
 * the top right. Errors and warnings interrupt (role alert); the rest are polite.
 */
export function AlertsArea() {
  const { t } = useTranslation('shell');
  const alerts = useAlertsActor();
  const items = useSelector(alerts, selectAlerts);
  return (
    <section
      aria-label={t('alerts.label')}
      className="pointer-events-none fixed top-14 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {items.map((item) => (
        <AlertItem key={item.id} alert={item} onDismiss={() => alerts.send({ type: 'alert.dismiss', id: item.id })} />
      ))}
    </section>
  );
}

function AlertItem({ alert, onDismiss }: { alert: Alert; onDismiss: () => void }) {
  const { t } = useTranslation(['shell', 'errors']);
  const tone = TONES[alert.kind];
  const urgent = alert.kind === 'error' || alert.kind === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-kind={alert.kind}
      className={cx('pointer-events-auto flex items-start gap-2 rounded-md border px-3 py-2 shadow-md', tone.box)}
    >
      <Icon name={tone.icon} className={cx('mt-0.5', tone.iconColour)} />
      <p className="flex-1 text-sm text-ink">{translateAlertCode(t, alert.code, alert.params)}</p>
      <button
        type="button"
        aria-label={t('shell:alerts.dismiss')}
        onClick={onDismiss}
        className="-mr-1 rounded p-0.5 text-muted hover:bg-ink/5 hover:text-ink"
      >
        <Icon name="close" className="size-3.5" />
      </button>
    </div>
  );
}
