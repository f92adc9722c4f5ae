import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type Announce, AnnounceSchema } from '../../contract/entities/announce';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { rowAs } from '../entities/rows';
import { Button } from '../kit/Button';
import { announceColumns } from './announce-columns';

/** Props of {@link AnnouncesView}. */
export interface AnnouncesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  /** Add and bulk delete (the entity's calls), start and stop (their calls). */
  can: { create: boolean; delete: boolean; start: boolean; stop: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  onCommand: (announce: Announce, command: 'start' | 'stop') => void;
  /** The page's dialogs. */
  children?: ReactNode;
}

/** /announces: information and polls with their status; start or stop a row; add; delete. */
export function AnnouncesView({ listRef, filters, can, onAdd, onOpen, onCommand, children }: AnnouncesViewProps) {
  const { t, i18n } = useTranslation(['announces', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('announces:title')}
      description={t('announces:subtitle')}
      columns={announceColumns(t, i18n.language)}
      filters={filters}
      searchLabel={t('announces:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('announces:count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('announces:add')}
          </Button>
        ) : null
      }
      rowActions={
        can.start || can.stop
          ? (row) => {
              const announce = rowAs(AnnounceSchema, row);
              const command = announce?.status === 'started' ? 'stop' : 'start';
              if (!announce || !can[command]) return null;
              return (
                <Button size="sm" variant="ghost" onClick={() => onCommand(announce, command)}>
                  {command === 'stop'
                    ? t('announces:state.stop')
                    : announce.status === 'stopped'
                      ? t('announces:state.restart')
                      : t('announces:state.start')}
                </Button>
              );
            }
          : undefined
      }
    >
      {children}
    </EntityListView>
  );
}
