import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { IpBanSchema } from '../../contract/entities/ip-blocking';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import type { IpUnbanMachine } from '../../machines/ip-unban/ip-unban.machine';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { EntityListView } from '../entities/EntityListView';
import { rowAs } from '../entities/rows';
import { Button } from '../kit/Button';
import { banColumns } from './ban-columns';
import { banFilters } from './ban-filters';
import { selectIpBlockingStatus } from './ip-blocking-status';
import { UnbanDialog } from './UnbanDialog';

/** Props of {@link BansView}. */
export interface BansViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  statusRef: ActorRefFrom<LoaderMachine>;
  unbanRef: ActorRefFrom<IpUnbanMachine>;
  /** POST /ip-blocking/unban and /unban-all may be called. */
  can: { unban: boolean; unbanAll: boolean };
  /** The status, recent unbans and tabs (IpBlockingOverview). */
  overview: ReactNode;
}

/** /ip-blocking: the bans in force, newest first, searchable by IP, filtered by service and cause; unban one or all. */
export function BansView({ listRef, statusRef, unbanRef, can, overview }: BansViewProps) {
  const { t, i18n } = useTranslation(['ipBlocking', 'lists']);
  const status = useSelector(statusRef, selectIpBlockingStatus);
  const label = (row: ListRow) => {
    const ban = rowAs(IpBanSchema, row);
    return ban ? t('ipBlocking:bans.rowLabel', { ip: ban.ip, service: t(`ipBlocking:services.${ban.service}`) }) : '';
  };
  return (
    <EntityListView
      listRef={listRef}
      title={t('ipBlocking:title')}
      description={t('ipBlocking:subtitle')}
      tabs={overview}
      columns={banColumns(t, i18n.language)}
      filters={banFilters(t)}
      searchLabel={t('ipBlocking:bans.search')}
      rowLabel={label}
      entityLabel={(count) => t('ipBlocking:bans.count', { count })}
      emptyText={{ title: t('ipBlocking:bans.emptyTitle'), hint: t('ipBlocking:bans.emptyHint') }}
      actions={
        can.unbanAll ? (
          <Button
            disabled={status?.bans.total === 0}
            onClick={() => unbanRef.send({ type: 'unban.requested', target: { kind: 'all', service: null } })}
          >
            {t('ipBlocking:unbanAll.action')}
          </Button>
        ) : null
      }
      rowActions={
        can.unban
          ? (row) => {
              const ban = rowAs(IpBanSchema, row);
              if (!ban) return null;
              const service = t(`ipBlocking:services.${ban.service}`);
              return (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('ipBlocking:unban.rowLabel', { ip: ban.ip, service })}
                  onClick={() =>
                    unbanRef.send({
                      type: 'unban.requested',
                      target: { kind: 'one', ip: ban.ip, service: ban.service },
                    })
                  }
                >
                  {t('ipBlocking:unban.row')}
                </Button>
              );
            }
          : undefined
      }
    >
      <UnbanDialog unbanRef={unbanRef} statusRef={statusRef} />
    </EntityListView>
  );
}
