import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AccessEvent } from '../../contract/entities/access-event';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { accessEventColumns } from './access-event-columns';
import { rowText } from './access-event-text';
import { ReasonChips } from './ReasonChips';

/** Props of {@link AccessEventsView}. */
export interface AccessEventsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  canExport: boolean;
}

/** /access-control/events: the ACS log with its reason chips, filters and download; it reloads as doors report. */
export function AccessEventsView({ listRef, filters, canExport }: AccessEventsViewProps) {
  const { t, i18n } = useTranslation(['accessEvents', 'identifiers', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('accessEvents:title')}
      description={t('accessEvents:subtitle')}
      columns={accessEventColumns(t, i18n.language)}
      filters={filters}
      tabs={<ReasonChips listRef={listRef} />}
      searchLabel={t('accessEvents:search')}
      rowLabel={(row) => rowText(t, row as unknown as AccessEvent)}
      entityLabel={(count) => t('accessEvents:count', { count })}
      canExport={canExport}
      emptyText={{ title: t('accessEvents:empty') }}
    />
  );
}
