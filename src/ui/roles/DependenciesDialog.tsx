import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectDeleteResult } from '../../machines/entity-list/entity-list.selectors';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';

/**
 * After a gentle delete (7.3): the roles that were kept because users still
 * hold them, with how many, so the operator knows what to move first.
 */
export function DependenciesDialog({ listRef }: { listRef: ActorRefFrom<EntityListMachine> }) {
  const { t } = useTranslation(['roles', 'common']);
  const result = useSelector(listRef, selectDeleteResult);
  const kept = result?.dependencies ?? [];
  const close = () => listRef.send({ type: 'list.deleteResultDismissed' });
  return (
    <Dialog
      open={kept.length > 0}
      onClose={close}
      title={t('roles:dependencies.title')}
      footer={
        <Button variant="primary" onClick={close}>
          {t('common:actions.close')}
        </Button>
      }
    >
      <p className="mb-3 text-muted">{t('roles:dependencies.message')}</p>
      <ul className="divide-y divide-line rounded-md border border-line">
        {kept.map((role) => (
          <li key={role.id} className="flex items-center justify-between px-3 py-2">
            <span className="font-medium">{role.name}</span>
            <span className="text-[13px] text-muted">{t('roles:dependencies.users', { count: role.users_count })}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
