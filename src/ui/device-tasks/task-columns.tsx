import type { TFunction } from 'i18next';
import type { DeviceTask } from '../../contract/entities/device-task';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatDateTime, formatWhen } from '../kit/format-date';
import { TaskStatusBadge } from './TaskStatusBadge';
import { kindText, taskErrorText } from './task-texts';

type Row = DeviceTask & { [k: string]: unknown };

function When({ iso, locale }: { iso: string | null; locale: string }) {
  if (!iso) return <span className="text-muted">—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso, locale)} className="whitespace-nowrap">
      {formatWhen(iso, locale)}
    </time>
  );
}

/** The task list: id, device (with its group), kind, status with its attempts and last error, when. */
export function taskColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'id',
      header: t('deviceTasks:fields.id'),
      sortField: 'id',
      className: 'w-16',
      cell: (task) => <span className="tabular-nums text-muted">{task.id}</span>,
    },
    {
      key: 'device',
      header: t('deviceTasks:fields.device'),
      cell: (task) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap text-ink">{task.device.name}</span>
          {task.domain ? <span className="text-xs text-muted">{task.domain.name}</span> : null}
        </span>
      ),
    },
    {
      key: 'kind',
      header: t('deviceTasks:fields.kind'),
      sortField: 'kind',
      cell: (task) => kindText(t, task.kind),
    },
    {
      key: 'status',
      header: t('deviceTasks:fields.status'),
      sortField: 'status',
      cell: (task) => (
        <span className="flex flex-col items-start gap-0.5">
          <TaskStatusBadge status={task.status} />
          {task.last_error && task.status !== 'completed' ? (
            <span className="text-xs text-danger-600">{taskErrorText(t, task.last_error)}</span>
          ) : null}
          <span className="whitespace-nowrap text-xs tabular-nums text-muted">
            {t('deviceTasks:attempts', { attempts: task.attempts, max: task.max_attempts })}
          </span>
          {task.status === 'queued' && task.next_attempt_at ? (
            <span className="text-xs text-muted">
              {t('deviceTasks:nextAttempt', { when: formatWhen(task.next_attempt_at, locale) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'created_at',
      header: t('deviceTasks:fields.created_at'),
      sortField: 'created_at',
      className: 'w-28',
      cell: (task) => <When iso={task.created_at} locale={locale} />,
    },
    {
      key: 'finished_at',
      header: t('deviceTasks:fields.finished_at'),
      sortField: 'finished_at',
      className: 'w-28',
      cell: (task) => <When iso={task.finished_at} locale={locale} />,
    },
  ]);
}
