import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectIsExporting } from '../../machines/entity-list/entity-list.selectors';
import { Button } from '../kit/Button';

/** Exports the list's current filter to Excel; busy while the file is prepared. */
export function ExportButton({ listRef }: { listRef: ActorRefFrom<EntityListMachine> }) {
  const { t } = useTranslation('lists');
  const exporting = useSelector(listRef, selectIsExporting);
  return (
    <Button loading={exporting} onClick={() => listRef.send({ type: 'list.exportRequested' })}>
      {t('actions.export')}
    </Button>
  );
}
