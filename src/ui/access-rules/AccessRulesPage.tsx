import { useTranslation } from 'react-i18next';
import { accessRulesEntity } from '../../contract/entities/access-rule';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { AccessRulesView } from './AccessRulesView';

/** /access-rules: the list actor (mirrored in the URL); add and edit open as pages. */
export function AccessRulesPage() {
  const { t } = useTranslation('accessRules');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.accessRules.list, { defaultSort: [...accessRulesEntity.defaultSort] });
  const access = useEntityAccess(accessRulesEntity);
  const filters: FilterDef[] = [
    {
      kind: 'relation',
      field: 'domains',
      label: t('fields.domains'),
      picker: pickers.groups,
      labels: pickers.groups.labels,
    },
    {
      kind: 'relation',
      field: 'devices',
      label: t('fields.devices'),
      picker: pickers.permitDevices,
      labels: pickers.permitDevices.labels,
    },
    {
      kind: 'choice',
      field: 'prohibition',
      label: t('filters.prohibition'),
      rule: 'equals',
      choices: [
        { value: false, label: t('filters.grants') },
        { value: true, label: t('filters.prohibitions') },
      ],
    },
  ];
  return (
    <AccessRulesView
      listRef={listRef}
      filters={filters}
      can={{ create: access.create, delete: access.delete }}
      onAdd={() => openPage('/access-rules/add')}
      onOpen={(row) => openPage(`/access-rules/${row.id}/edit`)}
    />
  );
}
