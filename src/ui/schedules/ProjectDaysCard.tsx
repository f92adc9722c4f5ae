import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PROJECT_DAY_TYPES } from '../../contract/time-rule-definition';
import type { ProjectDaysMachine } from '../../machines/project-days/project-days.machine';
import {
  selectCanSaveDay,
  selectDayDraft,
  selectDays,
  selectDaysFailure,
  selectDaysLoadFailed,
  selectDaysYear,
  selectIsDaysBusy,
  selectIsDaysLoading,
  selectIsSavingDay,
  selectRemovingDay,
} from '../../machines/project-days/project-days.selectors';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { ErrorState } from '../kit/ErrorState';
import { Select } from '../kit/Select';
import { Spinner } from '../kit/Spinner';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';
import { formatLocalDate, weekdayName } from './schedule-summary';

/** Props of {@link ProjectDaysCard}. */
export interface ProjectDaysCardProps {
  daysRef: ActorRefFrom<ProjectDaysMachine>;
  /** The caller may mark dates (PUT / DELETE /time-rules/days). */
  canEdit: boolean;
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The project's calendar of marked dates (holidays, weekend days worked), a year at a time. */
export function ProjectDaysCard({ daysRef, canEdit }: ProjectDaysCardProps) {
  const { t, i18n } = useTranslation(['schedules', 'errors']);
  const year = useSelector(daysRef, selectDaysYear);
  const loading = useSelector(daysRef, selectIsDaysLoading);
  const loadFailed = useSelector(daysRef, selectDaysLoadFailed);
  const failure = useSelector(daysRef, selectDaysFailure);
  const locale = i18n.language;
  const changeYear = (next: number) => daysRef.send({ type: 'days.yearChanged', year: next });
  return (
    <Card
      title={t('days.title')}
      actions={
        <div className="flex items-center gap-1">
          <Button size="sm" variant="ghost" aria-label={t('days.previousYear')} onClick={() => changeYear(year - 1)}>
            ‹
          </Button>
          <span className="min-w-12 text-center text-sm font-medium tabular-nums" aria-live="polite">
            {year}
          </span>
          <Button size="sm" variant="ghost" aria-label={t('days.nextYear')} onClick={() => changeYear(year + 1)}>
            ›
          </Button>
        </div>
      }
    >
      <p className="mb-3 text-[13px] text-muted">{t('days.hint')}</p>
      {loading ? <Spinner label={t('common:state.loading')} /> : null}
      {loadFailed ? (
        <ErrorState
          title={t('days.failed')}
          message={failure ? translateError(t, failure) : undefined}
          failure={failure}
          onRetry={() => daysRef.send({ type: 'days.retry' })}
        />
      ) : null}
      {!loading && !loadFailed ? <DaysTable daysRef={daysRef} canEdit={canEdit} locale={locale} /> : null}
      {canEdit && !loadFailed ? <DayForm daysRef={daysRef} /> : null}
    </Card>
  );
}

function DaysTable({ daysRef, canEdit, locale }: ProjectDaysCardProps & { locale: string }) {
  const { t } = useTranslation('schedules');
  const days = useSelector(daysRef, selectDays);
  const year = useSelector(daysRef, selectDaysYear);
  const busy = useSelector(daysRef, selectIsDaysBusy);
  const removing = useSelector(daysRef, selectRemovingDay);
  if (days.length === 0) return <p className="text-sm text-muted">{t('days.empty', { year })}</p>;
  return (
    <table className="w-full text-sm" aria-label={t('days.title')}>
      <thead>
        <tr className="text-left text-[13px] text-muted">
          <th className="py-1 pr-3 font-medium">{t('days.date')}</th>
          <th className="py-1 pr-3 font-medium">{t('days.type')}</th>
          <th className="py-1 pr-3 font-medium">{t('days.name')}</th>
          {canEdit ? <th className="w-10" /> : null}
        </tr>
      </thead>
      <tbody>
        {days.map((day) => {
          const weekday = WEEKDAYS[new Date(`${day.date}T00:00:00Z`).getUTCDay()] ?? 'mon';
          const date = formatLocalDate(day.date, locale);
          return (
            <tr key={day.date} className="border-t border-line">
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {date} <span className="text-muted">{weekdayName(weekday, locale, 'short')}</span>
              </td>
              <td className="py-1.5 pr-3">
                <Badge tone={day.day_type === 'holiday' ? 'warning' : 'success'}>
                  {t(`days.types.${day.day_type}`)}
                </Badge>
              </td>
              <td className="py-1.5 pr-3">{day.name ?? ''}</td>
              {canEdit ? (
                <td className="py-1.5 text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('days.remove', { date })}
                    disabled={busy}
                    loading={removing === day.date}
                    onClick={() => daysRef.send({ type: 'day.remove', date: day.date })}
                  >
                    ✕
                  </Button>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function DayForm({ daysRef }: { daysRef: ActorRefFrom<ProjectDaysMachine> }) {
  const { t } = useTranslation('schedules');
  const draft = useSelector(daysRef, selectDayDraft);
  const busy = useSelector(daysRef, selectIsDaysBusy);
  const saving = useSelector(daysRef, selectIsSavingDay);
  const canSave = useSelector(daysRef, selectCanSaveDay);
  const failure = useSelector(daysRef, selectDaysFailure);
  const change = (field: 'date' | 'day_type' | 'name', value: string) =>
    daysRef.send({ type: 'draft.change', field, value });
  return (
    <div className="mt-4 flex flex-wrap items-end gap-2 border-t border-line pt-3">
      <TextField
        type="date"
        label={t('days.date')}
        name="day-date"
        value={draft.date}
        disabled={busy}
        error={failure?.fields?.date ?? null}
        onChange={(event) => change('date', event.target.value)}
        className="w-40"
      />
      <Select
        label={t('days.type')}
        name="day-type"
        value={draft.day_type}
        disabled={busy}
        options={PROJECT_DAY_TYPES.map((value) => ({ value, label: t(`days.types.${value}`) }))}
        onChange={(value) => change('day_type', value)}
        className="w-40"
      />
      <TextField
        label={t('days.name')}
        name="day-name"
        value={draft.name}
        disabled={busy}
        error={failure?.fields?.name ?? null}
        onChange={(event) => change('name', event.target.value)}
        className="min-w-48 flex-1"
      />
      <Button variant="primary" disabled={!canSave} loading={saving} onClick={() => daysRef.send({ type: 'day.save' })}>
        {t('days.add')}
      </Button>
    </div>
  );
}
