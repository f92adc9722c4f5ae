import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Filter, MatchMode } from '../../contract/filters';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectListFilters, selectListMatch } from '../../machines/entity-list/entity-list.selectors';
import { ChoiceFilter } from './ChoiceFilter';
import { DateFilter } from './DateFilter';
import { type FilterDef, filterOf, withFilter } from './filters';
import { RelationFilter } from './RelationFilter';
import { TextFilter } from './TextFilter';

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
}

/**
 * The filters of a list, one control per declared filter, with "match all /
 * any" once two apply and "clear all". The list actor holds them, and the page
 * mirrors them in the URL, so a filtered view can be shared and survives reload.
 */
export function FilterBar({ listRef, filters }: FilterBarProps) {
  const { t } = useTranslation('lists');
  const active = useSelector(listRef, selectListFilters);
  const match = useSelector(listRef, selectListMatch);
  const change = (field: string, entry: Filter | null) =>
    listRef.send({ type: 'list.filtersChanged', filters: withFilter(active, field, entry) });

  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t('filters.legend')}</legend>
      {filters.map((def) => {
        const current = filterOf(active, def.field);
        const onChange = (entry: Filter | null) => change(def.field, entry);
        if (def.kind === 'relation')
          return <RelationFilter key={def.field} def={def} current={current} onChange={onChange} />;
        if (def.kind === 'choice')
          return <ChoiceFilter key={def.field} def={def} current={current} onChange={onChange} />;
        if (def.kind === 'date') return <DateFilter key={def.field} def={def} current={current} onChange={onChange} />;
        return <TextFilter key={def.field} def={def} current={current} onChange={onChange} />;
      })}
      {active.length > 1 ? (
        <label className="inline-flex items-center gap-1.5 text-[13px] text-muted">
          <span className="sr-only">{t('filters.match')}</span>
          <select
            value={match}
            onChange={(e) =>
              listRef.send({ type: 'list.filtersChanged', filters: active, match: e.target.value as MatchMode })
            }
            className="h-8 rounded-md border border-line bg-surface px-2 text-[13px] text-ink"
          >
            <option value="match_all">{t('filters.matchAll')}</option>
            <option value="match_any">{t('filters.matchAny')}</option>
          </select>
        </label>
      ) : null}
      {active.length > 0 ? (
        <button
          type="button"
          className="h-8 rounded-md px-2 text-[13px] font-medium text-brand-700 hover:bg-brand-50"
          onClick={() => listRef.send({ type: 'list.filtersChanged', filters: [], match: 'match_all' })}
        >
          {t('filters.clearAll')}
        </button>
      ) : null}
    </fieldset>
  );
}
