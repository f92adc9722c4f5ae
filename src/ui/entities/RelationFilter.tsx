import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filter } from '../../contract/filters';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { selectLoadedData } from '../../machines/loader/loader.selectors';
import { Icon } from '../kit/icons';
import { filterButtonClasses } from './filter-styles';
import { idsOf, type RelationFilterDef } from './filters';
import { PickerDialog } from './PickerDialog';

/** Props of {@link RelationFilter}. */
export interface RelationFilterProps {
  def: RelationFilterDef;
  current: Filter | undefined;
  onChange: (entry: Filter | null) => void;
}

/**
 * A filter on a related entity (group, role, marker): opens the entity's
 * picker (several), and filters with `has` any of the chosen ids.
 */
export function RelationFilter({ def, current, onChange }: RelationFilterProps) {
  const ids = idsOf(current);
  // A new id list (from the picker or the URL) loads its names afresh.
  return <RelationFilterControl key={ids.join(',')} def={def} ids={ids} onChange={onChange} />;
}

function RelationFilterControl({
  def,
  ids,
  onChange,
}: {
  def: RelationFilterDef;
  ids: number[];
  onChange: RelationFilterProps['onChange'];
}) {
  const { t } = useTranslation('lists');
  const [open, setOpen] = useState(false);
  const [machine] = useState(() => def.labels(ids));
  const labelsRef = useActorRef(machine);
  const rows = useSelector(labelsRef, selectLoadedData<ListRow[]>) ?? ids.map((id) => ({ id, name: `#${id}` }));
  const names = rows.map((row) => def.picker.describe(row).primary);
  const summary =
    names.length > 2 ? t('filters.nSelected', { first: names[0], count: names.length - 1 }) : names.join(', ');

  return (
    <>
      <span className="inline-flex items-center">
        <button type="button" className={filterButtonClasses(ids.length > 0)} onClick={() => setOpen(true)}>
          <span className="truncate">{ids.length ? `${def.label}: ${summary}` : def.label}</span>
          {/* When active, the remove button sits where the chevron would be. */}
          {ids.length ? <span className="w-4" /> : <Icon name="chevronDown" className="size-3.5" />}
        </button>
        {ids.length ? (
          <button
            type="button"
            className="-ml-7 inline-flex size-6 items-center justify-center rounded text-brand-700 hover:bg-brand-100"
            aria-label={t('filters.remove', { name: def.label })}
            onClick={() => onChange(null)}
          >
            <Icon name="close" className="size-3.5" />
          </button>
        ) : null}
      </span>
      <PickerDialog
        open={open}
        title={def.picker.title}
        machine={def.picker.machine}
        input={{ multiple: true, selected: rows }}
        describe={def.picker.describe}
        searchLabel={def.picker.searchLabel}
        onClose={() => setOpen(false)}
        onConfirm={(chosen) => {
          setOpen(false);
          onChange(chosen.length ? { field: def.field, rule: 'has', value: chosen.map((row) => row.id) } : null);
        }}
      />
    </>
  );
}
