import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { eventColumns } from './event-columns';

export interface DeviceEventsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  canExport: boolean;
}

/** The events table; new events reload it by themselves (the area's live changes). */
export function DeviceEventsView({ listRef, filters, canExport }: DeviceEventsViewProps) {
  const { t, i18n } = useTranslation(['deviceEvents', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('deviceEvents:title')}
      description={t('deviceEvents:subtitle')}
      columns={eventColumns(t, i18n.language)}
      filters={filters}
      searchLabel={t('deviceEvents:search')}
      rowLabel={(row) => String(row.event_id)}
      entityLabel={(count) => t('deviceEvents:count', { count })}
      canExport={canExport}
      emptyText={{ title: t('deviceEvents:empty') }}
    />
  );
}
