import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type Backup, BackupSchema } from '../../contract/entities/backup';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { rowAs } from '../entities/rows';
import { Button } from '../kit/Button';
import { backupColumns } from './backup-columns';

/** Props of {@link BackupsView}. */
export interface BackupsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  can: { make: boolean; fromFile: boolean; apply: boolean; applyFile: boolean; download: boolean; delete: boolean };
  onMake: () => void;
  onFromFile: () => void;
  onApply: (backup: Backup) => void;
  onDownload: (backup: Backup) => void;
  children?: ReactNode;
}

/** /backups: the stored backups; make one, restore one (stored or from a file), download, delete. */
export function BackupsView(props: BackupsViewProps) {
  const { t, i18n } = useTranslation(['backups', 'lists']);
  const { can, listRef } = props;
  const backupOf = (row: ListRow) => rowAs(BackupSchema, row);
  return (
    <EntityListView
      listRef={listRef}
      title={t('backups:title')}
      description={t('backups:subtitle')}
      columns={backupColumns(t, i18n.language)}
      searchLabel={t('backups:search')}
      rowLabel={(row) => backupOf(row)?.name ?? String(row.id)}
      entityLabel={(count) => t('backups:count', { count })}
      emptyText={{ title: t('backups:emptyTitle'), hint: t('backups:emptyHint') }}
      canDelete={can.delete}
      actions={
        <>
          {can.fromFile ? <Button onClick={props.onFromFile}>{t('backups:actions.fromFile')}</Button> : null}
          {can.make ? (
            <Button variant="primary" onClick={props.onMake}>
              {t('backups:actions.make')}
            </Button>
          ) : null}
        </>
      }
      rowActions={(row) => {
        const backup = backupOf(row);
        if (!backup) return null;
        // A stored backup is applied with `apply`; an uploaded one with `apply from file` (6.2).
        const mayApply = backup.origin === 'uploaded' ? can.applyFile : can.apply;
        return (
          <div className="flex flex-col items-end gap-0.5">
            {can.download ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${t('backups:actions.download')} ${backup.name}`}
                onClick={() => props.onDownload(backup)}
              >
                {t('backups:actions.download')}
              </Button>
            ) : null}
            {mayApply ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${t('backups:actions.apply')} ${backup.name}`}
                onClick={() => props.onApply(backup)}
              >
                {t('backups:actions.apply')}
              </Button>
            ) : null}
            {can.delete ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${t('lists:actions.delete')} ${backup.name}`}
                onClick={() => listRef.send({ type: 'list.deleteRequested', ids: [row.id] })}
              >
                {t('lists:actions.delete')}
              </Button>
            ) : null}
          </div>
        );
      }}
    >
      {props.children}
    </EntityListView>
  );
}
