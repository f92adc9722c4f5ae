import { useTranslation } from 'react-i18next';
import { FORWARD_MODES, SIP_NUMBER_PURPOSES, sipNumbersEntity } from '../../contract/entities/sip-number';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { type PickerSpec, usePickers } from '../entities/use-pickers';
import { VirtualNumbersView } from './VirtualNumbersView';

const relation = (field: string, label: string, picker: PickerSpec): FilterDef => ({
  kind: 'relation',
  field,
  label,
  picker,
  labels: picker.labels,
});

/** /virtual-numbers: the list actor (mirrored in the URL); add and edit open as pages that return here. */
export function VirtualNumbersPage() {
  const { t } = useTranslation('numbers');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.sipNumbers.list, { defaultSort: [...sipNumbersEntity.defaultSort] });
  const access = useEntityAccess(sipNumbersEntity);
  const filters: FilterDef[] = [
    relation('domains', t('fields.holderGroups'), pickers.groups),
    relation('user', t('fields.user'), pickers.users),
    {
      kind: 'choice',
      field: 'is_active',
      label: t('fields.is_active'),
      rule: 'equals',
      choices: [
        { value: true, label: t('status.active') },
        { value: false, label: t('status.inactive') },
      ],
    },
    {
      kind: 'choice',
      field: 'purpose',
      label: t('fields.purpose'),
      rule: 'equals',
      choices: SIP_NUMBER_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) })),
    },
    {
      kind: 'choice',
      field: 'forward_mode',
      label: t('fields.forward_mode'),
      rule: 'equals',
      choices: FORWARD_MODES.map((m) => ({ value: m, label: t(`forwardModes.${m}`) })),
    },
  ];
  return (
    <VirtualNumbersView
      listRef={listRef}
      filters={filters}
      can={{ create: access.create, delete: access.delete, export: access.export }}
      onAdd={() => openPage('/virtual-numbers/add')}
      onOpen={(row) => openPage(`/virtual-numbers/${row.id}/edit`)}
    />
  );
}
