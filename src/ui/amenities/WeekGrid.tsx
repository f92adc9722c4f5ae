import { useSelector } from '@xstate/react';
import { type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotItem } from '../../contract/amenity-slots';
import { WEEK_DAYS, type WeekDay } from '../../contract/constants';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { cx } from '../kit/class-names';
import { FieldErrorText } from '../kit/FieldErrorText';
import { SlotEditor } from './SlotEditor';
import { clashes, drawn, GRID_PX, HOUR_PX, place, secondAt, timeText } from './week-grid';

interface Drag {
  day: WeekDay;
  start: number;
  end: number;
}

/**
 * The amenity's time slots on a week (section 3, 5): each column a day, each block a slot item
 * (an item on several days shows in each). Drag down a column to draw a slot — snapped to the
 * duration, so its length is always a multiple of it; a slot that would overlap another is shown
 * red while drawn and refused when let go. Click a block to change its days and times below, or
 * add one with the keyboard there.
 */
export function WeekGrid({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('amenities');
  const items = (useSelector(formRef, selectFormValue('items')) as SlotItem[] | undefined) ?? [];
  const duration = Number(useSelector(formRef, selectFormValue('duration')) ?? 3600);
  const error = useSelector(formRef, selectFieldError('slots'));
  const locked = useSelector(formRef, selectIsLocked);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [refused, setRefused] = useState(false);
  const set = (next: SlotItem[]) => formRef.send({ type: 'field.change', field: 'items', value: next });

  const at = (event: PointerEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return secondAt(event.clientY - rect.top, rect.height || GRID_PX, duration);
  };
  const ghost = drag ? drawn(drag.day, drag.start, drag.end, duration) : null;
  const ghostClashes = ghost ? clashes(items, ghost).length > 0 : false;

  const finish = () => {
    if (!ghost) return;
    const next = place(items, ghost, null);
    setDrag(null);
    if (!next) {
      setRefused(true);
      return;
    }
    setRefused(false);
    set(next);
    setSelected(next.length - 1);
  };

  return (
    <div className="space-y-3">
      <p className="text-[13px] text-muted">{t('grid.hint', { minutes: duration / 60 })}</p>
      <div className="flex select-none">
        <div className="w-11 shrink-0 pt-6" aria-hidden="true">
          {Array.from({ length: 13 }, (_, i) => i * 7200).map((second) => (
            <div
              key={second}
              className="text-right text-[11px] text-muted"
              style={{ height: second < 86_400 ? HOUR_PX * 2 : 0 }}
            >
              <span className="-translate-y-1.5 inline-block pr-1.5">{timeText(second)}</span>
            </div>
          ))}
        </div>
        <div className="grid flex-1 grid-cols-7 gap-px rounded-md border border-line bg-line">
          {WEEK_DAYS.map((day) => (
            <div key={day} className="bg-surface">
              <div className="h-6 border-b border-line text-center text-[12px] font-medium leading-6 text-ink">
                {t(`days.${day}`)}
              </div>
              <div
                role="presentation"
                data-testid={`grid-${day}`}
                className={cx('relative', locked ? '' : 'cursor-crosshair')}
                style={{
                  height: GRID_PX,
                  backgroundImage: 'linear-gradient(to bottom, var(--color-line) 1px, transparent 1px)',
                  backgroundSize: `100% ${HOUR_PX * 2}px`,
                }}
                onPointerDown={(event) => {
                  if (locked || event.button !== 0) return;
                  event.currentTarget.setPointerCapture?.(event.pointerId);
                  const s = at(event);
                  setDrag({ day, start: s, end: s });
                }}
                onPointerMove={(event) => {
                  if (drag?.day === day) setDrag({ ...drag, end: at(event) });
                }}
                onPointerUp={() => (drag?.day === day ? finish() : undefined)}
              >
                {items.map((item, i) =>
                  item.days.includes(day) ? (
                    <button
                      // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids; their place is what the form edits.
                      key={i}
                      type="button"
                      aria-label={t('grid.slotLabel', {
                        day: t(`days.${day}`),
                        from: timeText(item.from),
                        to: timeText(item.to),
                      })}
                      aria-pressed={selected === i}
                      onPointerDown={(event) => event.stopPropagation()}
                      onClick={() => setSelected(i)}
                      className={cx(
                        'absolute inset-x-0.5 overflow-hidden rounded border px-1 text-left text-[11px] leading-4',
                        selected === i
                          ? 'border-brand-700 bg-brand-600 text-white'
                          : 'border-brand-500 bg-brand-100 text-ink hover:bg-brand-50',
                      )}
                      style={{ top: (item.from / 3600) * HOUR_PX, height: ((item.to - item.from) / 3600) * HOUR_PX }}
                    >
                      {timeText(item.from)}–{timeText(item.to)}
                    </button>
                  ) : null,
                )}
                {ghost && drag?.day === day ? (
                  <div
                    aria-hidden="true"
                    className={cx(
                      'pointer-events-none absolute inset-x-0.5 rounded border-2 border-dashed',
                      ghostClashes ? 'border-danger-600 bg-danger-50' : 'border-success-600 bg-success-50',
                    )}
                    style={{ top: (ghost.from / 3600) * HOUR_PX, height: ((ghost.to - ghost.from) / 3600) * HOUR_PX }}
                  />
                ) : null}
              </div>
            </div>
          ))}
        </div>
      </div>
      {refused ? (
        <p role="alert" className="text-[13px] text-danger-700">
          {t('grid.overlap')}
        </p>
      ) : null}
      <FieldErrorText error={error} />
      <SlotEditor
        formRef={formRef}
        items={items}
        duration={duration}
        selected={selected}
        locked={locked}
        onSelect={(index) => {
          setRefused(false);
          setSelected(index);
        }}
        onChange={(next) => {
          setRefused(false);
          set(next);
        }}
      />
    </div>
  );
}
