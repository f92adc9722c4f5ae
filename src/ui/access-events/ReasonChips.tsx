import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { ACCESS_EVENT_REASONS } from '../../contract/entities/access-event';
import type { Filter } from '../../contract/filters';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectListFilters } from '../../machines/entity-list/entity-list.selectors';
import { filterOf, withFilter } from '../entities/filters';
import { cx } from '../kit/class-names';
import { reasonText } from './access-event-text';

/** The denial reasons offered as chips (the ones doors give). */
const DENIALS = ACCESS_EVENT_REASONS.filter((r) => r !== 'granted');

type Chip = { key: string; label: string; result: 'granted' | 'denied' | null; reason: string | null };

/**
 * Quick views of the ACS log above its filters: all, granted, denied, or one reason of denial.
 * Each chip sets the list's `result` / `reason` filters (the same the filter bar shows), so a
 * chip's view lives in the URL like any filter.
 */
export function ReasonChips({ listRef }: { listRef: ActorRefFrom<EntityListMachine> }) {
  const { t } = useTranslation('accessEvents');
  const filters = useSelector(listRef, selectListFilters);
  const result = filterOf(filters, 'result')?.value ?? null;
  const reason = filterOf(filters, 'reason')?.value ?? null;
  const chips: Chip[] = [
    { key: 'all', label: t('chips.all'), result: null, reason: null },
    { key: 'granted', label: t('chips.granted'), result: 'granted', reason: null },
    { key: 'denied', label: t('chips.denied'), result: 'denied', reason: null },
    ...DENIALS.map((r) => ({ key: r, label: reasonText(t, r), result: null, reason: r })),
  ];
  const choose = (chip: Chip) => {
    let next: Filter[] = withFilter(
      filters,
      'result',
      chip.result ? { field: 'result', rule: 'equals', value: chip.result } : null,
    );
    next = withFilter(next, 'reason', chip.reason ? { field: 'reason', rule: 'equals', value: chip.reason } : null);
    listRef.send({ type: 'list.filtersChanged', filters: next });
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="sr-only">{t('chips.label')}</legend>
      {chips.map((chip) => {
        const pressed = chip.result === result && chip.reason === reason;
        return (
          <button
            key={chip.key}
            type="button"
            aria-pressed={pressed}
            onClick={() => choose(chip)}
            className={cx(
              'h-7 rounded-full border px-3 text-[13px] font-medium transition-colors',
              pressed
                ? 'border-brand-600 bg-brand-600 text-white'
                : chip.reason
                  ? 'border-line bg-surface text-muted hover:bg-canvas hover:text-ink'
                  : 'border-line bg-surface text-ink hover:bg-canvas',
            )}
          >
            {chip.label}
          </button>
        );
      })}
    </fieldset>
  );
}
