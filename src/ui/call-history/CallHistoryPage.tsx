import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CALL_DIRECTIONS, CALL_OUTCOMES, CALL_TYPES, callHistoryEntity } from '../../contract/entities/call-history';
import type { Filter } from '../../contract/filters';
import { usePageMachines } from '../app/actor-context';
import type { FilterDef } from '../entities/filters';
import { useEntityList } from '../entities/use-entity-list';
import { CallHistoryView, type CallTab } from './CallHistoryView';

/** SOS history is the call history with is_sos, kept out of the user's filters (a tab of its own). */
const SOS_ONLY: Filter[] = [{ field: 'is_sos', rule: 'equals', value: true }];

/** /call-history and /call-history?tab=sos. */
export function CallHistoryPage() {
  const [params] = useSearchParams();
  const tab: CallTab = params.get('tab') === 'sos' ? 'sos' : 'all';
  return <CallHistory key={tab} tab={tab} />;
}

function CallHistory({ tab }: { tab: CallTab }) {
  const { t } = useTranslation('calls');
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.callHistory.list, {
    defaultSort: [...callHistoryEntity.defaultSort],
    baseFilters: tab === 'sos' ? SOS_ONLY : [],
  });
  const choice = (field: string, values: readonly string[], prefix: string): FilterDef => ({
    kind: 'choice',
    field,
    label: t(`fields.${field}`),
    rule: 'equals',
    choices: values.map((value) => ({ value, label: t(`${prefix}.${value}`) })),
  });
  const filters: FilterDef[] = [
    choice('status', CALL_OUTCOMES, 'outcomes'),
    choice('type', CALL_TYPES, 'types'),
    { kind: 'text', field: 'number', label: t('fields.number'), rule: 'contains' },
    { ...choice('direction', CALL_DIRECTIONS, 'directions'), label: t('fields.direction') },
    { kind: 'date', field: 'date_from', label: t('fields.date_from'), rule: 'equals_above' },
    { kind: 'date', field: 'date_to', label: t('fields.date_to'), rule: 'equals_below' },
  ];
  return <CallHistoryView tab={tab} listRef={listRef} filters={filters} />;
}
