import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { auditColumns } from './audit-columns';
import { actionText, entityText } from './audit-texts';

export interface AuditEventsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  canExport: boolean;
  /** Opens an event's diff. */
  onOpen: (id: number) => void;
  children?: ReactNode;
}

/** The audit events table; a row opens the event's changes. */
export function AuditEventsView({ listRef, filters, canExport, onOpen, children }: AuditEventsViewProps) {
  const { t, i18n } = useTranslation(['audit', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('audit:title')}
      description={t('audit:subtitle')}
      columns={auditColumns(t, i18n.language)}
      filters={filters}
      searchLabel={t('audit:search')}
      rowLabel={(row) =>
        `${entityText(t, String(row.entity))} ${String(row.entity_key ?? '')} ${actionText(t, String(row.action))}`
      }
      entityLabel={(count) => t('audit:count', { count })}
      canExport={canExport}
      onOpen={(row) => onOpen(Number(row.id))}
      emptyText={{ title: t('audit:empty') }}
    >
      {children}
    </EntityListView>
  );
}
