import { useTranslation } from 'react-i18next';
import type { BackupPhase } from '../../contract/entities/backup';

/** A make's or a restore's progress bar: the server's percent and what it is doing now. */
export function BackupProgress({
  progress,
  label,
}: {
  progress: { phase: BackupPhase; percent: number };
  label: string;
}) {
  const { t } = useTranslation('backups');
  const percent = Math.round(progress.percent);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} % · ${t(`progress.${progress.phase}`)}`}
        className="h-2 overflow-hidden rounded bg-surface-muted"
      >
        <div className="h-full rounded bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="flex justify-between text-xs text-muted">
        <span>{t(`progress.${progress.phase}`)}</span>
        <span className="tabular-nums">{percent} %</span>
      </p>
    </div>
  );
}
