import { useTranslation } from 'react-i18next';
import { ACCESS_EVENT_REASONS, accessEventsEntity } from '../../contract/entities/access-event';
import { IDENTIFIER_TYPES } from '../../contract/entities/identifier';
import { usePageMachines } from '../app/actor-context';
import { useDevicePicker } from '../device-events/device-picker';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { AccessEventsView } from './AccessEventsView';
import { reasonText } from './access-event-text';

/**
 * /access-control/events: access decisions, newest first, live; filters by door, person,
 * identifier, result, reason, identifier type and days; download.
 */
export function AccessEventsPage() {
  const { t } = useTranslation(['accessEvents', 'identifiers']);
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.accessEvents.list, { defaultSort: [...accessEventsEntity.defaultSort] });
  const access = useEntityAccess(accessEventsEntity);
  const devices = useDevicePicker();
  const pickers = usePickers();
  const filters: FilterDef[] = [
    { kind: 'relation', field: 'device', label: t('fields.device'), picker: devices, labels: devices.labels },
    { kind: 'relation', field: 'user', label: t('fields.user'), picker: pickers.users, labels: pickers.users.labels },
    {
      kind: 'relation',
      field: 'identifier',
      label: t('fields.identifier'),
      picker: pickers.identifiers,
      labels: pickers.identifiers.labels,
    },
    {
      kind: 'choice',
      field: 'result',
      label: t('fields.result'),
      rule: 'equals',
      choices: (['granted', 'denied'] as const).map((value) => ({ value, label: t(`results.${value}`) })),
    },
    {
      kind: 'choice',
      field: 'reason',
      label: t('fields.reason'),
      rule: 'equals',
      choices: ACCESS_EVENT_REASONS.map((value) => ({ value, label: reasonText(t, value) })),
    },
    {
      kind: 'choice',
      field: 'identifier_type',
      label: t('fields.identifier_type'),
      rule: 'equals',
      choices: IDENTIFIER_TYPES.map((value) => ({ value, label: t(`identifiers:types.${value}`) })),
    },
    { kind: 'date', field: 'date_from', label: t('fields.from'), rule: 'equals_above' },
    { kind: 'date', field: 'date_to', label: t('fields.to'), rule: 'equals_below' },
  ];
  return <AccessEventsView listRef={listRef} filters={filters} canExport={access.export} />;
}
