import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTIFIER_TYPES, type Identifier, identifiersEntity } from '../../contract/entities/identifier';
import { selectListQuery } from '../../machines/entity-list/entity-list.selectors';
import { StartStopConfirm } from '../announces/StartStopConfirm';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { IdentifierExportDialog } from './IdentifierExportDialog';
import { IdentifierImportDialog } from './IdentifierImportDialog';
import { IdentifierQrDialog } from './IdentifierQrDialog';
import { IdentifiersView } from './IdentifiersView';

/** The import dialog with its actor (a fresh one each time it opens); the list refreshes after a save. */
function ImportRunner({ onClose }: { onClose: (changed: boolean) => void }) {
  const { identifierImport } = usePageMachines();
  const actor = useActorRef(identifierImport);
  return <IdentifierImportDialog actor={actor} onClose={onClose} />;
}

/** /identifiers: the list actor (mirrored in the URL); add and edit open as pages; QR, revoke, export, import are dialogs. */
export function IdentifiersPage() {
  const { t } = useTranslation('identifiers');
  const { entities, identifierRevoke, identifierQr, identifierExport } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.identifiers.list, { defaultSort: [...identifiersEntity.defaultSort] });
  const query = useSelector(listRef, selectListQuery);
  const access = useEntityAccess(identifiersEntity);
  const [dialog, setDialog] = useState<
    { kind: 'qr' | 'revoke'; identifier: Identifier } | { kind: 'export' | 'import' } | null
  >(null);
  const filters: FilterDef[] = [
    {
      kind: 'choice',
      field: 'type',
      label: t('fields.type'),
      rule: 'equals',
      choices: IDENTIFIER_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
    },
    { kind: 'relation', field: 'owner', label: t('fields.owner'), picker: pickers.users, labels: pickers.users.labels },
    {
      kind: 'choice',
      field: 'revoked',
      label: t('fields.revoked'),
      rule: 'equals',
      choices: [
        { value: true, label: t('status.revoked') },
        { value: false, label: t('status.active') },
      ],
    },
    {
      kind: 'choice',
      field: 'is_active',
      label: t('fields.is_active'),
      rule: 'equals',
      choices: [
        { value: true, label: t('status.active') },
        { value: false, label: t('status.inactive') },
      ],
    },
  ];
  const refresh = () => listRef.send({ type: 'list.refresh' });
  const label = (x: Identifier) => x.name ?? x.value;
  return (
    <IdentifiersView
      listRef={listRef}
      filters={filters}
      can={{
        create: access.create,
        delete: access.delete,
        revoke: useMayCall('POST /identifiers/{id}/revoke'),
        export: useMayCall('GET /identifiers/export'),
        import: useMayCall('POST /identifiers/import'),
      }}
      onAdd={() => openPage('/identifiers/add')}
      onOpen={(row) => openPage(`/identifiers/${row.id}/edit`)}
      onQr={(identifier) => setDialog({ kind: 'qr', identifier })}
      onRevoke={(identifier) => setDialog({ kind: 'revoke', identifier })}
      onExport={() => setDialog({ kind: 'export' })}
      onImport={() => setDialog({ kind: 'import' })}
    >
      {dialog?.kind === 'qr' ? (
        <IdentifierQrDialog
          loader={identifierQr(dialog.identifier.id)}
          name={label(dialog.identifier)}
          value={dialog.identifier.value}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'revoke' ? (
        <StartStopConfirm
          machine={identifierRevoke}
          id={dialog.identifier.id}
          item={dialog.identifier}
          title={t('revoke.title', { name: label(dialog.identifier) })}
          message={t('revoke.body')}
          confirmLabel={t('revoke.confirm')}
          successCode="identifiers:revoke.done"
          tone="danger"
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'export' ? (
        <IdentifierExportDialog
          exporter={(format) => identifierExport(query, format)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportRunner
          onClose={(changed) => {
            setDialog(null);
            if (changed) refresh();
          }}
        />
      ) : null}
    </IdentifiersView>
  );
}
