import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { Button } from '../kit/Button';
import { markerColumns } from './marker-columns';

/** Props of {@link MarkersView}. */
export interface MarkersViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  /** The entity's actions (from its calls) and applying markers (POST /markers/apply). */
  can: { create: boolean; delete: boolean; export: boolean; apply: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  onApply: (markers: ListRow[]) => void;
  /** The page's dialogs. */
  children?: ReactNode;
}

/** /markers: the markers with their colours, add/edit in a dialog, apply to users, delete, export. */
export function MarkersView({ listRef, can, onAdd, onOpen, onApply, children }: MarkersViewProps) {
  const { t } = useTranslation(['markers', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('markers:title')}
      description={t('markers:subtitle')}
      columns={markerColumns(t)}
      searchLabel={t('markers:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('markers:count', { count })}
      onOpen={onOpen}
      canExport={can.export}
      canDelete={can.delete}
      actions={
        <>
          {can.apply ? <Button onClick={() => onApply([])}>{t('markers:apply.action')}</Button> : null}
          {can.create ? (
            <Button variant="primary" onClick={onAdd}>
              {t('markers:add')}
            </Button>
          ) : null}
        </>
      }
      rowActions={
        can.apply || can.delete
          ? (row) => (
              <>
                {can.apply ? (
                  <Button size="sm" variant="ghost" onClick={() => onApply([row])}>
                    {t('markers:apply.row')}
                  </Button>
                ) : null}
                {can.delete ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('lists:actions.delete')}
                    title={t('lists:actions.delete')}
                    onClick={() => listRef.send({ type: 'list.deleteRequested', ids: [row.id] })}
                  >
                    {t('lists:actions.delete')}
                  </Button>
                ) : null}
              </>
            )
          : undefined
      }
    >
      {children}
    </EntityListView>
  );
}
