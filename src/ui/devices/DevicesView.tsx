import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DeviceListItem } from '../../contract/entities/device';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { type DeviceActionHandlers, DeviceActions } from './DeviceActions';
import { deviceColumns } from './device-columns';

/** Props of {@link DevicesView}. */
export interface DevicesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean; export: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  /** The network search (/devices/search), for callers who may search; absent: no button. */
  onSearch?: () => void;
  /**
   * Init and remote control per row, when handlers are given. The live page gives none: the
   * table is full at 1280 px, and the device's own page carries them (LiveDeviceActions).
   */
  actions?: DeviceActionHandlers;
}

/** /devices: search (name, serial, IP), filters, the table with live status, bulk delete, add. */
export function DevicesView({ listRef, filters, can, onAdd, onOpen, onSearch, actions }: DevicesViewProps) {
  const { t } = useTranslation(['devices', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('devices:title')}
      description={t('devices:subtitle')}
      columns={deviceColumns(t)}
      filters={filters}
      searchLabel={t('devices:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('devices:count', { count })}
      onOpen={onOpen}
      canExport={can.export}
      canDelete={can.delete}
      rowActions={
        actions
          ? (row) => {
              const d = row as unknown as DeviceListItem;
              const device = {
                id: d.id,
                name: d.name,
                protocol: d.protocol,
                serial_number: d.serial_number,
                status: d.device_info.status,
              };
              return <DeviceActions variant="row" device={device} {...actions} />;
            }
          : undefined
      }
      actions={
        <>
          {onSearch ? <Button onClick={onSearch}>{t('devices:find')}</Button> : null}
          {can.create ? (
            <Button variant="primary" onClick={onAdd}>
              {t('devices:add')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
