import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { timeRulesEntity } from '../../contract/entities/time-rule';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { SchedulesView } from './SchedulesView';

/** /schedules: the list actor (mirrored in the URL), the calendar's actor for this year; add and edit open as pages. */
export function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const { entities, projectDays } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.timeRules.list, { defaultSort: [...timeRulesEntity.defaultSort] });
  const daysRef = useActorRef(projectDays, { input: { year: new Date().getFullYear() } });
  const access = useEntityAccess(timeRulesEntity);
  const editDays = useMayCall('PUT /time-rules/days');
  const filters: FilterDef[] = [
    {
      kind: 'relation',
      field: 'access_rules',
      label: t('fields.access_rules'),
      picker: pickers.accessRules,
      labels: pickers.accessRules.labels,
    },
  ];
  return (
    <SchedulesView
      listRef={listRef}
      daysRef={daysRef}
      filters={filters}
      can={{ create: access.create, delete: access.delete, editDays }}
      onAdd={() => openPage('/schedules/add')}
      onOpen={(row) => openPage(`/schedules/${row.id}/edit`)}
    />
  );
}
