import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { PickerMachine } from '../../machines/picker/picker.machine';
import {
  selectIsPicked,
  selectIsPickerLoadingMore,
  selectIsPickerMultiple,
  selectPickerHasMore,
  selectPickerItems,
  selectPickerTotal,
} from '../../machines/picker/picker.selectors';
import { Button } from '../kit/Button';
import type { OptionText } from './PickerView';

/** Props of {@link PickerOptions}. */
export interface PickerOptionsProps {
  pickerRef: ActorRefFrom<PickerMachine>;
  describe: (row: ListRow) => OptionText;
  label: string;
}

/** The loaded options as checkboxes (several) or radios (one), then the load-more button. */
export function PickerOptions({ pickerRef, describe, label }: PickerOptionsProps) {
  const { t } = useTranslation('lists');
  const items = useSelector(pickerRef, selectPickerItems);
  const total = useSelector(pickerRef, selectPickerTotal);
  const multiple = useSelector(pickerRef, selectIsPickerMultiple);
  const hasMore = useSelector(pickerRef, selectPickerHasMore);
  const loadingMore = useSelector(pickerRef, selectIsPickerLoadingMore);
  return (
    <div>
      <ul aria-label={label} className="max-h-80 divide-y divide-line overflow-y-auto rounded-md border border-line">
        {items.map((row) => (
          <Option key={row.id} pickerRef={pickerRef} row={row} text={describe(row)} multiple={multiple} />
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-between text-[13px] text-muted">
        <span>{t('table.shown', { shown: items.length, total })}</span>
        {hasMore ? (
          <Button size="sm" loading={loadingMore} onClick={() => pickerRef.send({ type: 'picker.loadMore' })}>
            {t('table.loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Option(props: { pickerRef: ActorRefFrom<PickerMachine>; row: ListRow; text: OptionText; multiple: boolean }) {
  const { pickerRef, row, text, multiple } = props;
  const picked = useSelector(pickerRef, selectIsPicked(row.id));
  return (
    <li>
      <label className="flex cursor-pointer items-center gap-2.5 px-3 py-2 hover:bg-canvas">
        <input
          type={multiple ? 'checkbox' : 'radio'}
          name="picker-option"
          checked={picked}
          onChange={() => pickerRef.send({ type: 'picker.toggle', item: row })}
          onClick={() => {
            // A radio cannot be unticked by the browser: a second click on the chosen one clears it.
            if (!multiple && picked) pickerRef.send({ type: 'picker.toggle', item: row });
          }}
          className="size-4 accent-brand-600"
        />
        {text.swatch ? (
          <span
            aria-hidden="true"
            className="size-3.5 rounded-full border border-ink/10"
            style={{ background: text.swatch }}
          />
        ) : null}
        <span className="min-w-0">
          <span className="block truncate text-sm text-ink">{text.primary}</span>
          {text.secondary ? <span className="block truncate text-xs text-muted">{text.secondary}</span> : null}
        </span>
      </label>
    </li>
  );
}
