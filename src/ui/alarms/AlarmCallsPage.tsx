import { useTranslation } from 'react-i18next';
import { alarmCallsEntity } from '../../contract/entities/device-alarm';
import { usePageMachines } from '../app/actor-context';
import { callColumns } from '../call-history/call-columns';
import { EntityListView } from '../entities/EntityListView';
import { useEntityList } from '../entities/use-entity-list';

/** /devices/alarms-calls: SOS calls and calls placed from devices, newest first. */
export function AlarmCallsPage() {
  const { t, i18n } = useTranslation(['alarms', 'calls', 'lists']);
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.alarmCalls.list, { defaultSort: [...alarmCallsEntity.defaultSort] });
  return (
    <EntityListView
      listRef={listRef}
      title={t('alarms:calls.title')}
      description={t('alarms:calls.subtitle')}
      columns={callColumns(t, i18n.language)}
      searchLabel={t('calls:search')}
      rowLabel={(row) => String(row.speech_id)}
      entityLabel={(count) => t('calls:count', { count })}
      emptyText={{ title: t('alarms:calls.empty') }}
    />
  );
}
