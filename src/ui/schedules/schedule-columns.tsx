import type { TFunction } from 'i18next';
import type { TimeRule } from '../../contract/entities/time-rule';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatDateTime, formatTime } from '../kit/format-date';
import { scheduleSummary } from './schedule-summary';

type Row = TimeRule & { [k: string]: unknown };

/**
 * When the next occurrence runs, in the browser's zone: a date and time, then the end (its time when
 * the same day); a whole day is its date.
 */
export function occurrenceText(
  occurrence: { from: string; to: string },
  t: TFunction,
  locale: string,
  allDay = false,
): string {
  if (allDay)
    return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(occurrence.from))}, ${t('schedules:summary.allDay')}`;
  const sameDay = new Date(occurrence.from).toDateString() === new Date(occurrence.to).toDateString();
  return t('schedules:list.occurrence', {
    from: formatDateTime(occurrence.from, locale),
    to: sameDay ? formatTime(occurrence.to, locale) : formatDateTime(occurrence.to, locale),
  });
}

/** The schedules table: name, the repeat in words, the next occurrence, the access rules using it. */
export function scheduleColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    { key: 'name', header: t('schedules:fields.name'), sortField: 'name', cell: (x) => x.name },
    {
      key: 'repeat',
      header: t('schedules:fields.repeat'),
      cell: (x) => <span className="text-ink">{scheduleSummary(x, t, locale)}</span>,
    },
    {
      key: 'next_occurrence',
      header: t('schedules:fields.next_occurrence'),
      className: 'whitespace-nowrap',
      cell: (x) =>
        x.next_occurrence ? (
          occurrenceText(x.next_occurrence, t, locale, x.is_all_day)
        ) : (
          <span className="text-muted">{t('schedules:list.never')}</span>
        ),
    },
    {
      key: 'access_rules',
      header: t('schedules:fields.access_rules'),
      cell: (x) =>
        x.access_rules.length > 0 ? (
          x.access_rules.map((r) => r.name).join(', ')
        ) : (
          <span className="text-muted">{t('schedules:list.unused')}</span>
        ),
    },
  ]);
}
