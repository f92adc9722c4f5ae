import { useTranslation } from 'react-i18next';
import { announceResponsesEntity } from '../../contract/entities/announce';
import { usePageMachines } from '../app/actor-context';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { useEntityList } from '../entities/use-entity-list';
import { responseColumns } from './response-columns';

/** /announces/response: every answer the caller may read, filtered by announce, exportable. */
export function ResponsesPage() {
  const { t, i18n } = useTranslation(['announces', 'lists']);
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.announceResponses.list, {
    defaultSort: [...announceResponsesEntity.defaultSort],
  });
  const announces = entities.announces;
  const filters: FilterDef[] = [
    {
      kind: 'relation',
      field: 'announce',
      label: t('announces:responses.announce'),
      picker: {
        machine: announces.picker,
        title: t('announces:responses.announce'),
        searchLabel: t('announces:search'),
        describe: (row) => ({ primary: String(row.name), secondary: String(row.subject ?? '') }),
      },
      labels: announces.labels,
    },
  ];
  return (
    <EntityListView
      listRef={listRef}
      title={t('announces:responses.title')}
      description={t('announces:responses.subtitle')}
      columns={responseColumns(t, i18n.language)}
      filters={filters}
      searchLabel={t('announces:responses.search')}
      rowLabel={(row) => String((row.user as { name?: string } | undefined)?.name ?? row.id)}
      entityLabel={(count) => t('announces:responses.count', { count })}
      canExport
    />
  );
}
