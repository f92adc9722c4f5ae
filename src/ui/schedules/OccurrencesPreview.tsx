import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Occurrence, SchedulePreviewMachine } from '../../machines/schedule-preview/schedule-preview.machine';
import {
  selectIsIncomplete,
  selectIsPreviewBusy,
  selectIsPreviewEmpty,
  selectOccurrences,
  selectPreviewFailure,
  selectPreviewZone,
  selectShownAllDay,
} from '../../machines/schedule-preview/schedule-preview.selectors';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { cx } from '../kit/class-names';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/** An instant in the project's zone: its local day, and its date-time and time texts. */
function inZone(iso: string, locale: string, zone: string) {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    day: day.format(date),
    dateTime: new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(date),
    date: new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(date),
    time: new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(date),
  };
}

/**
 * One occurrence as a date and its hours: "Tue, Mar 10, 2026" / "8:00 AM – 8:00 PM" (the end's date
 * when it ends another day; "all day" for whole days).
 */
export function occurrenceParts(o: Occurrence, allDay: boolean, locale: string, zone: string, t: TFunction) {
  const from = inZone(o.from, locale, zone);
  if (allDay) return { date: from.date, hours: t('schedules:summary.allDay') };
  const to = inZone(o.to, locale, zone);
  return {
    date: from.date,
    hours: t('schedules:preview.item', { from: from.time, to: from.day === to.day ? to.time : to.dateTime }),
  };
}

/**
 * The editor's next occurrences, following the form as it is edited (the schedulePreview actor):
 * shown in the project's time zone (named), dimmed while a change is previewed.
 */
export function OccurrencesPreview({ previewRef }: { previewRef: ActorRefFrom<SchedulePreviewMachine> }) {
  const { t, i18n } = useTranslation(['schedules', 'errors']);
  const items = useSelector(previewRef, selectOccurrences);
  const zone = useSelector(previewRef, selectPreviewZone);
  const incomplete = useSelector(previewRef, selectIsIncomplete);
  const busy = useSelector(previewRef, selectIsPreviewBusy);
  const empty = useSelector(previewRef, selectIsPreviewEmpty);
  const failure = useSelector(previewRef, selectPreviewFailure);
  const allDay = useSelector(previewRef, selectShownAllDay);
  return (
    <Card
      title={t('preview.title')}
      className="lg:sticky lg:top-4"
      actions={busy ? <Spinner size="sm" label={t('preview.updating')} /> : null}
    >
      <div aria-live="polite" aria-busy={busy}>
        {incomplete ? <p className="text-sm text-muted">{t('preview.incomplete')}</p> : null}
        {failure ? (
          <div role="alert" className="space-y-2 text-sm text-danger-600">
            <p>
              {t('preview.failed')}: {translateError(t, failure)}
            </p>
            <Button size="sm" onClick={() => previewRef.send({ type: 'preview.retry' })}>
              {t('preview.retry')}
            </Button>
          </div>
        ) : null}
        {empty ? <p className="text-sm text-muted">{t('preview.empty')}</p> : null}
        {!incomplete && !failure && !empty && items.length > 0 && zone ? (
          <ol aria-label={t('preview.title')} className={cx('space-y-1 text-sm tabular-nums', busy && 'opacity-50')}>
            {items.map((o) => {
              const { date, hours } = occurrenceParts(o, allDay, i18n.language, zone, t as TFunction);
              return (
                <li key={o.from} className="rounded border border-line px-2 py-1">
                  <span className="block font-medium text-ink">{date}</span>
                  <span className="block text-[13px] text-muted">{hours}</span>
                </li>
              );
            })}
          </ol>
        ) : null}
        {zone && !incomplete ? <p className="mt-2 text-xs text-muted">{t('preview.zone', { zone })}</p> : null}
      </div>
    </Card>
  );
}
