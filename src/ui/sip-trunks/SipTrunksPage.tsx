import { useTranslation } from 'react-i18next';
import { sipTrunksEntity } from '../../contract/entities/sip-trunk';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { SipTrunksView } from './SipTrunksView';

/** /sip-trunks: the list actor (mirrored in the URL); add and edit open as pages that return here. */
export function SipTrunksPage() {
  const { t } = useTranslation('trunks');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.sipTrunks.list, { defaultSort: [...sipTrunksEntity.defaultSort] });
  const access = useEntityAccess(sipTrunksEntity);
  return (
    <SipTrunksView
      listRef={listRef}
      filters={[
        {
          kind: 'relation',
          field: 'domains',
          label: t('fields.domains'),
          picker: pickers.groups,
          labels: pickers.groups.labels,
        },
      ]}
      can={{ create: access.create, delete: access.delete }}
      onAdd={() => openPage('/sip-trunks/add')}
      onOpen={(row) => openPage(`/sip-trunks/${row.id}/edit`)}
    />
  );
}
