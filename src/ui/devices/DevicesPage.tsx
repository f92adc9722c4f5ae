import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEVICE_PROTOCOLS, DEVICE_TYPES } from '../../contract/constants';
import { devicesEntity } from '../../contract/entities/device';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import type { DeviceActionHandlers } from './DeviceActions';
import { DevicesView } from './DevicesView';

/** The filters of /devices: type, group, live status, protocol. */
export function useDeviceFilters(): FilterDef[] {
  const { t } = useTranslation('devices');
  const pickers = usePickers();
  return [
    {
      kind: 'choice',
      field: 'type',
      label: t('fields.type'),
      rule: 'equals',
      choices: DEVICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
    },
    {
      kind: 'relation',
      field: 'domain',
      label: t('fields.domain'),
      picker: pickers.groups,
      labels: pickers.groups.labels,
    },
    {
      kind: 'choice',
      field: 'status',
      label: t('fields.status'),
      rule: 'equals',
      choices: (['online', 'offline'] as const).map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    {
      kind: 'choice',
      field: 'protocol',
      label: t('fields.protocol'),
      rule: 'equals',
      choices: DEVICE_PROTOCOLS.map((p) => ({ value: p, label: t(`protocols.${p}`) })),
    },
  ];
}

/** Props of {@link DevicesPage}: the init and remote-control workflows, once wired. */
export interface DevicesPageProps {
  actions?: DeviceActionHandlers;
}

/** /devices: the list actor (mirrored in the URL, live status); add and edit open as pages that return here. */
export function DevicesPage({ actions }: DevicesPageProps = {}) {
  const { entities } = usePageMachines();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.devices.list, { defaultSort: [...devicesEntity.defaultSort] });
  const access = useEntityAccess(devicesEntity);
  const maySearch = useMayCall('POST /devices/search');
  const navigate = useNavigate();
  return (
    <DevicesView
      listRef={listRef}
      filters={useDeviceFilters()}
      can={{ create: access.create, delete: access.delete, export: access.export }}
      onAdd={() => openPage('/devices/add')}
      onOpen={(row) => openPage(`/devices/${row.id}/edit`)}
      onSearch={maySearch ? () => navigate('/devices/search') : undefined}
      actions={actions}
    />
  );
}
