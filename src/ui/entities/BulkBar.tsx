import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import {
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectPendingDeleteCount,
  selectSelectedCount,
} from '../../machines/entity-list/entity-list.selectors';
import { Button } from '../kit/Button';
import { ConfirmDialog } from '../kit/ConfirmDialog';

/** Props of {@link BulkBar}. */
export interface BulkBarProps {
  listRef: ActorRefFrom<EntityListMachine>;
  /** The caller may delete (section 6): otherwise no delete button. */
  canDelete: boolean;
  /** The entity's plural, for the confirmation ("Delete 3 users?"). */
  entityLabel: (count: number) => string;
}

/**
 * The selection's actions: how many are selected, clear, delete. Deleting
 * asks first; the dialog also serves a row's own delete button.
 */
export function BulkBar({ listRef, canDelete, entityLabel }: BulkBarProps) {
  const { t } = useTranslation(['lists', 'common']);
  const count = useSelector(listRef, selectSelectedCount);
  return (
    <>
      {count > 0 ? (
        <div
          role="toolbar"
          aria-label={t('lists:selection.toolbar')}
          className="flex flex-wrap items-center gap-3 rounded-md border border-brand-100 bg-brand-50 px-3 py-1.5 text-[13px]"
        >
          <span className="font-medium text-ink">{t('lists:selection.count', { count })}</span>
          <Button size="sm" variant="ghost" onClick={() => listRef.send({ type: 'list.selectionCleared' })}>
            {t('lists:selection.clear')}
          </Button>
          {canDelete ? (
            <Button size="sm" variant="danger" onClick={() => listRef.send({ type: 'list.deleteRequested' })}>
              {t('lists:actions.deleteSelected')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <DeleteConfirmation listRef={listRef} entityLabel={entityLabel} />
    </>
  );
}

function DeleteConfirmation({ listRef, entityLabel }: Omit<BulkBarProps, 'canDelete'>) {
  const { t } = useTranslation(['lists', 'common']);
  const confirming = useSelector(listRef, selectIsConfirmingDelete);
  const deleting = useSelector(listRef, selectIsDeleting);
  const pending = useSelector(listRef, selectPendingDeleteCount);
  return (
    <ConfirmDialog
      open={confirming || deleting}
      title={t('lists:delete.title')}
      message={t('lists:delete.message', { what: entityLabel(pending) })}
      confirmLabel={t('lists:delete.confirm')}
      tone="danger"
      busy={deleting}
      onConfirm={() => listRef.send({ type: 'list.deleteConfirmed' })}
      onCancel={() => {
        if (!deleting) listRef.send({ type: 'list.deleteCancelled' });
      }}
    />
  );
}
