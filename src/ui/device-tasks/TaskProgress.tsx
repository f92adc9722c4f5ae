import { useTranslation } from 'react-i18next';
import type { FollowedTask } from '../../machines/device-init/device-init.types';
import { TaskStatusBadge } from './TaskStatusBadge';
import { kindText, taskErrorText } from './task-texts';

/** A batch's tasks with their status and attempts, under a progress bar ("2 of 4 tasks completed"). */
export function TaskProgress({ tasks, live = false }: { tasks: readonly FollowedTask[]; live?: boolean }) {
  const { t } = useTranslation('deviceTasks');
  const done = tasks.filter((task) => task.status === 'completed').length;
  const total = tasks.length;
  const label = t('init.progress', { done, total });
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-xs text-muted">
        <span>{label}</span>
        {live ? <span>{t('init.following')}</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-1.5 overflow-hidden rounded bg-canvas"
      >
        <div
          className="h-full bg-success-600 transition-[width]"
          style={{ width: total ? `${Math.round((done / total) * 100)}%` : '0%' }}
        />
      </div>
      <ul className="divide-y divide-line rounded border border-line" aria-label={t('title')}>
        {tasks.map((task) => (
          <li key={task.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="flex flex-col">
              <span className="text-ink">{kindText(t, task.kind)}</span>
              {task.last_error && task.status !== 'completed' ? (
                <span className="text-xs text-danger-600">{taskErrorText(t, task.last_error)}</span>
              ) : null}
            </span>
            <span className="flex items-center gap-2">
              {/* Live changes carry statuses only: attempts show where they tell something (a retrying task). */}
              {task.status !== 'completed' && task.attempts > 0 ? (
                <span className="text-xs tabular-nums text-muted">
                  {t('attempts', { attempts: task.attempts, max: task.max_attempts })}
                </span>
              ) : null}
              <TaskStatusBadge status={task.status} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
