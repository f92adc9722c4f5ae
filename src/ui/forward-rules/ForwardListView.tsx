import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { Button } from '../kit/Button';
import { type ForwardTab, ForwardTabs } from './ForwardTabs';
import { forwardGroupColumns, ruleSetColumns } from './forward-columns';

/** Props of {@link ForwardListView}. */
export interface ForwardListViewProps {
  tab: ForwardTab;
  listRef: ActorRefFrom<EntityListMachine>;
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  /** The open dialog. */
  children?: ReactNode;
}

/** /forward-rules: rule sets or forward groups (a tab each), search, table, bulk delete, add. */
export function ForwardListView({ tab, listRef, can, onAdd, onOpen, children }: ForwardListViewProps) {
  const { t } = useTranslation(['forwarding', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('forwarding:title')}
      description={t('forwarding:subtitle')}
      tabs={<ForwardTabs current={tab} />}
      columns={tab === 'groups' ? forwardGroupColumns(t) : ruleSetColumns(t)}
      searchLabel={t(`forwarding:${tab}.search`)}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t(`forwarding:${tab}.count`, { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t(`forwarding:${tab}.add`)}
          </Button>
        ) : null
      }
    >
      {children}
    </EntityListView>
  );
}
