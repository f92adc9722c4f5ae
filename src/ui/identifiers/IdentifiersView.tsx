import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type Identifier, IdentifierSchema, QR_IDENTIFIER_TYPES } from '../../contract/entities/identifier';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { rowAs } from '../entities/rows';
import { Button } from '../kit/Button';
import { identifierColumns } from './identifier-columns';

/** Props of {@link IdentifiersView}. */
export interface IdentifiersViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean; revoke: boolean; export: boolean; import: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  onQr: (identifier: Identifier) => void;
  onRevoke: (identifier: Identifier) => void;
  onExport: () => void;
  onImport: () => void;
  children?: React.ReactNode;
}

/** /identifiers: search, filters (type, owner, revoked, active), the table, QR, revoke, export, import, add. */
export function IdentifiersView(props: IdentifiersViewProps) {
  const { t, i18n } = useTranslation(['identifiers', 'lists']);
  const { can } = props;
  const label = (x: Identifier) => x.name ?? x.value;
  return (
    <EntityListView
      listRef={props.listRef}
      title={t('identifiers:title')}
      description={t('identifiers:subtitle')}
      columns={identifierColumns(t, i18n.language)}
      filters={props.filters}
      searchLabel={t('identifiers:search')}
      rowLabel={(row) => String(row.name ?? row.value)}
      entityLabel={(count) => t('identifiers:count', { count })}
      onOpen={props.onOpen}
      canDelete={can.delete}
      actions={
        <>
          {can.export ? <Button onClick={props.onExport}>{t('identifiers:actions.export')}</Button> : null}
          {can.import ? <Button onClick={props.onImport}>{t('identifiers:actions.import')}</Button> : null}
          {can.create ? (
            <Button variant="primary" onClick={props.onAdd}>
              {t('identifiers:add')}
            </Button>
          ) : null}
        </>
      }
      rowActions={(row) => {
        const x = rowAs(IdentifierSchema, row);
        if (!x || x.revoked) return null;
        return (
          <span className="flex justify-end gap-1">
            {QR_IDENTIFIER_TYPES.includes(x.type) ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('identifiers:actions.qrNamed', { name: label(x) })}
                onClick={() => props.onQr(x)}
              >
                {t('identifiers:actions.qr')}
              </Button>
            ) : null}
            {can.revoke ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('identifiers:actions.revokeNamed', { name: label(x) })}
                onClick={() => props.onRevoke(x)}
              >
                {t('identifiers:actions.revoke')}
              </Button>
            ) : null}
          </span>
        );
      }}
    >
      {props.children}
    </EntityListView>
  );
}
