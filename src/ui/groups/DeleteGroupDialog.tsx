import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GroupDeleteMachine } from '../../machines/group-delete/group-delete.machine';
import {
  selectDeleteFailure,
  selectDeleteTarget,
  selectIsConfirmingDelete,
  selectIsDeleting,
} from '../../machines/group-delete/group-delete.selectors';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { translateError } from '../kit/translate-error';

/**
 * The confirmation a group's delete asks first: it names the group and says
 * its subgroups go with it (the server deletes the subtree). A refusal (users
 * would be left without a group) shows here; nothing was deleted.
 */
export function DeleteGroupDialog({ actor }: { actor: ActorRefFrom<GroupDeleteMachine> }) {
  const { t } = useTranslation(['groups', 'errors']);
  const open = useSelector(actor, selectIsConfirmingDelete);
  const busy = useSelector(actor, selectIsDeleting);
  const group = useSelector(actor, selectDeleteTarget);
  const failure = useSelector(actor, selectDeleteFailure);
  if (!open || !group) return null;
  return (
    <ConfirmDialog
      open
      title={t('groups:delete.title')}
      message={
        <div className="space-y-3">
          <p>{t('groups:delete.message', { name: group.name })}</p>
          {failure ? (
            <p role="alert" className="text-danger-700">
              {translateError(t, failure)}
            </p>
          ) : null}
        </div>
      }
      confirmLabel={t('groups:delete.confirm')}
      tone="danger"
      width="default"
      busy={busy}
      onConfirm={() => actor.send({ type: 'delete.confirmed' })}
      onCancel={() => actor.send({ type: 'delete.cancelled' })}
    />
  );
}
