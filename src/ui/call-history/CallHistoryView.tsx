import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { TabLinks } from '../kit/TabLinks';
import { callColumns } from './call-columns';

/** The two views of /call-history: every call, or SOS calls only. */
export type CallTab = 'all' | 'sos';

/** Props of {@link CallHistoryView}. */
export interface CallHistoryViewProps {
  tab: CallTab;
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
}

/** /call-history (and ?tab=sos): read-only, filtered by outcome, type, number, direction and days. */
export function CallHistoryView({ tab, listRef, filters }: CallHistoryViewProps) {
  const { t, i18n } = useTranslation(['calls', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('calls:title')}
      description={t('calls:subtitle')}
      tabs={
        <TabLinks
          label={t('calls:tabs.label')}
          current={tab}
          tabs={[
            { id: 'all', label: t('calls:tabs.all'), to: '/call-history' },
            { id: 'sos', label: t('calls:tabs.sos'), to: '/call-history?tab=sos' },
          ]}
        />
      }
      columns={callColumns(t, i18n.language)}
      filters={filters}
      searchLabel={t('calls:search')}
      rowLabel={(row) => String(row.speech_id)}
      entityLabel={(count) => t('calls:count', { count })}
    />
  );
}
