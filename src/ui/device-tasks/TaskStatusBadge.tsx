import { useTranslation } from 'react-i18next';
import type { DeviceTaskStatus } from '../../contract/entities/device-task';
import { Badge } from '../kit/Badge';
import { STATUS_TONES, statusText } from './task-texts';

/** A device task's status (§4) as a coloured badge. */
export function TaskStatusBadge({ status }: { status: DeviceTaskStatus }) {
  const { t } = useTranslation('deviceTasks');
  return <Badge tone={STATUS_TONES[status]}>{statusText(t, status)}</Badge>;
}
