import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import type { ProjectDaysMachine } from '../../machines/project-days/project-days.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { ProjectDaysCard } from './ProjectDaysCard';
import { scheduleColumns } from './schedule-columns';

/** Props of {@link SchedulesView}. */
export interface SchedulesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  daysRef: ActorRefFrom<ProjectDaysMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean; editDays: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/**
 * /schedules: search, the table (name, repeat in words, next occurrence, rules using it), bulk
 * delete (refused while rules use a schedule: the server names them), add; under it the
 * project's calendar of holidays and worked days.
 */
export function SchedulesView({ listRef, daysRef, filters, can, onAdd, onOpen }: SchedulesViewProps) {
  const { t, i18n } = useTranslation(['schedules', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('schedules:title')}
      description={t('schedules:subtitle')}
      columns={scheduleColumns(t, i18n.language)}
      filters={filters}
      searchLabel={t('schedules:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('schedules:count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('schedules:add')}
          </Button>
        ) : null
      }
    >
      <div className="pt-3">
        <ProjectDaysCard daysRef={daysRef} canEdit={can.editDays} />
      </div>
    </EntityListView>
  );
}
