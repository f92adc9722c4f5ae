import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { PickerMachine } from '../../machines/picker/picker.machine';
import {
  selectIsPickerEmpty,
  selectIsPickerFailed,
  selectIsPickerLoading,
  selectPickerFailure,
  selectPickerSearchText,
  selectPickerSelected,
} from '../../machines/picker/picker.selectors';
import { Button } from '../kit/Button';
import { Dialog, type DialogWidth } from '../kit/Dialog';
import { EmptyState } from '../kit/EmptyState';
import { ErrorState } from '../kit/ErrorState';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { PickerOptions } from './PickerOptions';
import { SearchField } from './SearchField';

/** How a picker option reads. */
export interface OptionText {
  primary: string;
  secondary?: string | null;
  /** A colour swatch before the name (markers). */
  swatch?: string;
}

/** Props of {@link PickerView}. */
export interface PickerViewProps {
  pickerRef: ActorRefFrom<PickerMachine>;
  title: string;
  describe: (row: ListRow) => OptionText;
  searchLabel: string;
  width?: DialogWidth;
}

/** The picker dialog over a picker actor: search, options, load more, Cancel / Choose. */
export function PickerView({ pickerRef, title, describe, searchLabel, width }: PickerViewProps) {
  const { t } = useTranslation(['lists', 'common', 'errors']);
  const searchText = useSelector(pickerRef, selectPickerSearchText);
  const loading = useSelector(pickerRef, selectIsPickerLoading);
  const failed = useSelector(pickerRef, selectIsPickerFailed);
  const failure = useSelector(pickerRef, selectPickerFailure);
  const empty = useSelector(pickerRef, selectIsPickerEmpty);
  const selected = useSelector(pickerRef, selectPickerSelected);

  return (
    <Dialog
      open
      onClose={() => pickerRef.send({ type: 'picker.cancel' })}
      title={title}
      width={width}
      footer={
        <>
          <span className="mr-auto self-center text-[13px] text-muted">
            {t('lists:picker.selected', { count: selected.length })}
          </span>
          <Button onClick={() => pickerRef.send({ type: 'picker.cancel' })}>{t('common:actions.cancel')}</Button>
          <Button variant="primary" onClick={() => pickerRef.send({ type: 'picker.confirm' })}>
            {t('lists:picker.choose')}
          </Button>
        </>
      }
    >
      <SearchField
        label={searchLabel}
        value={searchText}
        onChange={(text) => pickerRef.send({ type: 'picker.searchChanged', text })}
      />
      <div className="mt-3 min-h-40">
        {loading ? (
          <div className="flex justify-center py-10 text-brand-600">
            <Spinner label={t('lists:picker.loading')} />
          </div>
        ) : failed ? (
          <ErrorState
            title={t('lists:picker.failed')}
            message={translateError(t, failure)}
            failure={failure}
            onRetry={() => pickerRef.send({ type: 'picker.retry' })}
          />
        ) : empty ? (
          <EmptyState title={t('lists:picker.empty')} />
        ) : (
          <PickerOptions pickerRef={pickerRef} describe={describe} label={title} />
        )}
      </div>
    </Dialog>
  );
}
