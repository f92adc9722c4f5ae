import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { IpWhitelistEntrySchema } from '../../contract/entities/ip-blocking';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { rowAs } from '../entities/rows';
import { Button } from '../kit/Button';
import { whitelistColumns } from './whitelist-columns';

/** Props of {@link WhitelistView}. */
export interface WhitelistViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  /** The whitelist's calls: add (PUT) and delete. */
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  /** The status, recent unbans and tabs (IpBlockingOverview). */
  overview: ReactNode;
  /** The add dialog, when open. */
  children?: ReactNode;
}

/** /ip-blocking?tab=whitelist: addresses and ranges never banned; add in a dialog, delete with a confirmation. */
export function WhitelistView({ listRef, can, onAdd, overview, children }: WhitelistViewProps) {
  const { t, i18n } = useTranslation(['ipBlocking', 'lists']);
  const ipOf = (row: ListRow) => rowAs(IpWhitelistEntrySchema, row)?.ip ?? '';
  const add = can.create ? (
    <Button variant="primary" onClick={onAdd}>
      {t('ipBlocking:whitelist.add')}
    </Button>
  ) : null;
  return (
    <EntityListView
      listRef={listRef}
      title={t('ipBlocking:title')}
      description={t('ipBlocking:subtitle')}
      tabs={overview}
      columns={whitelistColumns(t, i18n.language)}
      searchLabel={t('ipBlocking:whitelist.search')}
      rowLabel={ipOf}
      entityLabel={(count) => t('ipBlocking:whitelist.count', { count })}
      emptyText={{ title: t('ipBlocking:whitelist.emptyTitle'), hint: t('ipBlocking:whitelist.emptyHint') }}
      canDelete={can.delete}
      actions={add}
      rowActions={
        can.delete
          ? (row) => (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${t('lists:actions.delete')} ${ipOf(row)}`}
                onClick={() => listRef.send({ type: 'list.deleteRequested', ids: [row.id] })}
              >
                {t('lists:actions.delete')}
              </Button>
            )
          : undefined
      }
    >
      {children}
    </EntityListView>
  );
}
