import { useTranslation } from 'react-i18next';
import type { EmergencyAlertStatus } from '../../contract/entities/emergency-alert';
import { Badge, type BadgeTone } from '../kit/Badge';

const TONE: Record<EmergencyAlertStatus, BadgeTone> = { new: 'neutral', started: 'danger', stopped: 'warning' };

/** The alert's state: not played, playing (red), stopped. */
export function AlertStatus({ status }: { status: EmergencyAlertStatus }) {
  const { t } = useTranslation('emergency');
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
