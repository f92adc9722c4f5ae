import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotItem } from '../../contract/amenity-slots';
import { WEEK_DAYS, type WeekDay } from '../../contract/constants';
import { selectFieldError } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { Button } from '../kit/Button';
import { Checkbox } from '../kit/Checkbox';
import { FieldErrorText } from '../kit/FieldErrorText';
import { TextField } from '../kit/TextField';
import { parseTime, place, timeText } from './week-grid';

/** Props of {@link SlotEditor}. */
export interface SlotEditorProps {
  formRef: FormRef;
  items: SlotItem[];
  duration: number;
  /** The item being changed; null adds a new one. */
  selected: number | null;
  locked: boolean;
  onSelect: (index: number | null) => void;
  onChange: (items: SlotItem[]) => void;
}

interface Draft {
  days: WeekDay[];
  from: string;
  to: string;
}

const draftOf = (item: SlotItem | undefined, duration: number): Draft =>
  item
    ? { days: [...item.days], from: timeText(item.from), to: timeText(item.to) }
    : { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: timeText(9 * 3600 + duration) };

/**
 * The chosen slot's days and times (or a new slot's), by keyboard: Apply or Add places it unless
 * it would overlap another slot (refused, section 5); Remove takes it away.
 */
export function SlotEditor({ formRef, items, duration, selected, locked, onSelect, onChange }: SlotEditorProps) {
  const { t } = useTranslation('amenities');
  const item = selected === null ? undefined : items[selected];
  const [draft, setDraft] = useState<Draft>(() => draftOf(item, duration));
  const [problem, setProblem] = useState<'overlap' | 'time' | null>(null);
  const error = useSelector(formRef, selectFieldError(`slots.${selected ?? -1}`));
  useEffect(() => {
    setDraft(draftOf(item, duration));
    setProblem(null);
  }, [item, duration]);

  const save = () => {
    const from = parseTime(draft.from);
    const to = parseTime(draft.to);
    if (from === null || to === null) {
      setProblem('time');
      return;
    }
    const next = place(items, { days: WEEK_DAYS.filter((d) => draft.days.includes(d)), from, to }, selected);
    if (!next) {
      setProblem('overlap');
      return;
    }
    setProblem(null);
    onChange(next);
    onSelect(selected ?? next.length - 1);
  };
  const toggle = (day: WeekDay, on: boolean) =>
    setDraft({ ...draft, days: on ? [...draft.days, day] : draft.days.filter((d) => d !== day) });

  return (
    <fieldset className="rounded-md border border-line p-3" disabled={locked}>
      <legend className="px-1 text-[13px] font-medium text-ink">
        {item ? t('grid.editing', { from: timeText(item.from), to: timeText(item.to) }) : t('grid.adding')}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {WEEK_DAYS.map((day) => (
          <Checkbox
            key={day}
            label={t(`days.${day}`)}
            checked={draft.days.includes(day)}
            onChange={(event) => toggle(day, event.target.checked)}
          />
        ))}
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <TextField
          label={t('grid.from')}
          type="text"
          inputMode="numeric"
          placeholder="HH:MM"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          className="w-32"
        />
        <TextField
          label={t('grid.to')}
          type="text"
          inputMode="numeric"
          placeholder="HH:MM"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          className="w-32"
        />
        <Button variant="primary" size="sm" onClick={save}>
          {item ? t('grid.apply') : t('grid.add')}
        </Button>
        {item && selected !== null ? (
          <>
            <Button
              size="sm"
              variant="danger"
              onClick={() => {
                onChange(items.filter((_, i) => i !== selected));
                onSelect(null);
              }}
            >
              {t('grid.remove')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onSelect(null)}>
              {t('grid.new')}
            </Button>
          </>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-[13px] text-danger-700">
          {problem === 'overlap' ? t('grid.overlap') : t('grid.badTime')}
        </p>
      ) : null}
      <FieldErrorText error={error} />
    </fieldset>
  );
}
