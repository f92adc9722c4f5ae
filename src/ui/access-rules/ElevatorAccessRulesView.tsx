import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ElevatorAccessRule } from '../../contract/entities/elevator-access-rule';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { asColumns, type ColumnDef } from '../entities/columns';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';

type Row = ElevatorAccessRule & { [k: string]: unknown };

/** The elevator access rules table: name, users (flagging elevator access disabled), elevators with floors. */
export function elevatorAccessRuleColumns(t: TFunction): ColumnDef[] {
  return asColumns<Row>([
    { key: 'name', header: t('accessRules:elevator.fields.name'), sortField: 'name', cell: (x) => x.name },
    {
      key: 'users',
      header: t('accessRules:elevator.fields.users'),
      cell: (x) => (
        <span className="flex flex-wrap gap-1.5">
          {x.users.map((u) =>
            u.elevator_access_disabled ? (
              <Badge key={u.id} tone="warning">
                {u.name} · {t('accessRules:elevator.accessDisabled')}
              </Badge>
            ) : (
              <span key={u.id}>{u.name}</span>
            ),
          )}
        </span>
      ),
    },
    {
      key: 'elevators',
      header: t('accessRules:elevator.fields.elevators'),
      cell: (x) => x.elevators.map((e) => `${e.name}: ${e.floors.join(', ')}`).join('; '),
    },
  ]);
}

/** Props of {@link ElevatorAccessRulesView}. */
export interface ElevatorAccessRulesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/** /elevators/access-rules: search, filters (user, elevator), the table, bulk delete, add. */
export function ElevatorAccessRulesView({ listRef, filters, can, onAdd, onOpen }: ElevatorAccessRulesViewProps) {
  const { t } = useTranslation(['accessRules', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('accessRules:elevator.title')}
      description={t('accessRules:elevator.subtitle')}
      columns={elevatorAccessRuleColumns(t)}
      filters={filters}
      searchLabel={t('accessRules:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('accessRules:elevator.count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('accessRules:elevator.add')}
          </Button>
        ) : null
      }
    />
  );
}
