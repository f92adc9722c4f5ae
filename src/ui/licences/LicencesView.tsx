import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { LicenceSchema } from '../../contract/entities/licence';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { rowAs } from '../entities/rows';
import { Button } from '../kit/Button';
import { licenceColumns } from './licence-columns';

/** Props of {@link LicencesView}. */
export interface LicencesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  /** What the licences give now (LicenceSummary). */
  summary: ReactNode;
  can: { add: boolean; fromServer: boolean; delete: boolean; notices: boolean };
  onAdd: (source: 'file' | 'server') => void;
  onOpen: (row: ListRow) => void;
  onNotices: () => void;
  children?: ReactNode;
}

/** /licenses: what the licences give, the installed licences, adding them (file, licence server), the notices. */
export function LicencesView(props: LicencesViewProps) {
  const { t, i18n } = useTranslation(['licences', 'lists']);
  const { can, listRef } = props;
  const idOf = (row: ListRow) => rowAs(LicenceSchema, row)?.licence_id ?? String(row.id);
  return (
    <EntityListView
      listRef={listRef}
      title={t('licences:title')}
      description={t('licences:subtitle')}
      tabs={props.summary}
      columns={licenceColumns(t, i18n.language)}
      searchLabel={t('licences:search')}
      rowLabel={idOf}
      entityLabel={(count) => t('licences:count', { count })}
      emptyText={{ title: t('licences:emptyTitle'), hint: t('licences:emptyHint') }}
      onOpen={props.onOpen}
      canDelete={can.delete}
      actions={
        <>
          {can.notices ? <Button onClick={props.onNotices}>{t('licences:notices.open')}</Button> : null}
          {can.fromServer ? (
            <Button onClick={() => props.onAdd('server')}>{t('licences:add.fromServer')}</Button>
          ) : null}
          {can.add ? (
            <Button variant="primary" onClick={() => props.onAdd('file')}>
              {t('licences:add.fromFile')}
            </Button>
          ) : null}
        </>
      }
      rowActions={
        can.delete
          ? (row) => (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${t('lists:actions.delete')} ${idOf(row)}`}
                onClick={() => listRef.send({ type: 'list.deleteRequested', ids: [row.id] })}
              >
                {t('lists:actions.delete')}
              </Button>
            )
          : undefined
      }
    >
      {props.children}
    </EntityListView>
  );
}
