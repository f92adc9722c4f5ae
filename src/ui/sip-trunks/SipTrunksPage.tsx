import { useTranslation } from 'react-i18next';
import { sipTrunksEntity } from '../../contract/entities/sip-trunk';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityList } from '../entities/use-entity-list';
import { usePermission } from '../entities/use-permissions';
import { usePickers } from '../entities/use-pickers';
import { SipTrunksView } from './SipTrunksView';

/** /sip-trunks: the list actor (mirrored in the URL); add and edit open as pages that return here. */
export function SipTrunksPage() {
  const { t } = useTranslation('trunks');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.sipTrunks.list, { defaultSort: [...sipTrunksEntity.defaultSort] });
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
      can={{
        create: usePermission('sip_trunks.create', 'self_domain.manage_sip_trunks'),
        delete: usePermission('sip_trunks.delete', 'self_domain.manage_sip_trunks'),
      }}
      onAdd={() => openPage('/sip-trunks/add')}
      onOpen={(row) => openPage(`/sip-trunks/${row.id}/edit`)}
    />
  );
}
