import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import type { ColumnDef } from '../entities/columns';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { eventColumns } from './event-columns';

export interface DeviceEventsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  canExport: boolean;
  /** Columns after the time (the elevator events' elevator). */
  extraColumns?: ColumnDef[];
  /** The page's own texts (the elevator events page); default: the device events'. */
  texts?: EventListTexts;
}

export interface EventListTexts {
  title: string;
  subtitle: string;
  search: string;
  empty: string;
  count: (count: number) => string;
}

/**
 * An events table (device events, elevator events); new events reload it by themselves when the
 * area listens to them.
 */
export function DeviceEventsView({ listRef, filters, canExport, extraColumns, texts }: DeviceEventsViewProps) {
  const { t, i18n } = useTranslation(['deviceEvents', 'lists']);
  const text: EventListTexts = texts ?? {
    title: t('deviceEvents:title'),
    subtitle: t('deviceEvents:subtitle'),
    search: t('deviceEvents:search'),
    empty: t('deviceEvents:empty'),
    count: (count) => t('deviceEvents:count', { count }),
  };
  return (
    <EntityListView
      listRef={listRef}
      title={text.title}
      description={text.subtitle}
      columns={eventColumns(t, i18n.language, extraColumns)}
      filters={filters}
      searchLabel={text.search}
      rowLabel={(row) => String(row.event_id)}
      entityLabel={text.count}
      canExport={canExport}
      emptyText={{ title: text.empty }}
    />
  );
}
