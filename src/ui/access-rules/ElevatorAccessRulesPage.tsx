import { useTranslation } from 'react-i18next';
import { elevatorAccessRulesEntity } from '../../contract/entities/elevator-access-rule';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { ElevatorAccessRulesView } from './ElevatorAccessRulesView';

/** /elevators/access-rules: the list actor (mirrored in the URL); add and edit open as pages. */
export function ElevatorAccessRulesPage() {
  const { t } = useTranslation('accessRules');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.elevatorAccessRules.list, {
    defaultSort: [...elevatorAccessRulesEntity.defaultSort],
  });
  const access = useEntityAccess(elevatorAccessRulesEntity);
  return (
    <ElevatorAccessRulesView
      listRef={listRef}
      filters={[
        {
          kind: 'relation',
          field: 'users',
          label: t('elevator.fields.users'),
          picker: pickers.users,
          labels: pickers.users.labels,
        },
        {
          kind: 'relation',
          field: 'elevators',
          label: t('elevator.fields.elevators'),
          picker: pickers.elevators,
          labels: pickers.elevators.labels,
        },
      ]}
      can={{ create: access.create, delete: access.delete }}
      onAdd={() => openPage('/elevators/access-rules/add')}
      onOpen={(row) => openPage(`/elevators/access-rules/${row.id}/edit`)}
    />
  );
}
