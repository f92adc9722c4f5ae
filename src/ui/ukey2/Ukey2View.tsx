import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { ukey2Columns } from './ukey2-columns';

/** Props of {@link Ukey2View}. */
export interface Ukey2ViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  canIssue: boolean;
  onIssue: () => void;
  onOpen: (row: ListRow) => void;
  children?: React.ReactNode;
}

/** /ukey2: the keys (a row opens its view page), filters, and Issue for who may. */
export function Ukey2View(props: Ukey2ViewProps) {
  const { t, i18n } = useTranslation(['ukey2', 'lists']);
  return (
    <EntityListView
      listRef={props.listRef}
      title={t('ukey2:title')}
      description={t('ukey2:subtitle')}
      columns={ukey2Columns(t, i18n.language)}
      filters={props.filters}
      searchLabel={t('ukey2:search')}
      rowLabel={(row) =>
        [row.name ?? row.value, (row.owner as { name?: string } | null)?.name].filter(Boolean).join(', ')
      }
      entityLabel={(count) => t('ukey2:count', { count })}
      onOpen={props.onOpen}
      emptyText={{ title: t('ukey2:empty') }}
      actions={
        props.canIssue ? (
          <Button variant="primary" onClick={props.onIssue}>
            {t('ukey2:issue.action')}
          </Button>
        ) : null
      }
    >
      {props.children}
    </EntityListView>
  );
}
