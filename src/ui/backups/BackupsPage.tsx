import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { type Backup, backupsEntity } from '../../contract/entities/backup';
import { usePageMachines } from '../app/actor-context';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { ExportRunner } from '../licence-reports/ExportRunner';
import { BackupMakeDialog } from './BackupMakeDialog';
import { BackupRestoreDialog } from './BackupRestoreDialog';
import { BackupsView } from './BackupsView';

type Open = { kind: 'make' } | { kind: 'restore'; backup: Backup | null } | null;

function MakeRunner({ onClose }: { onClose: () => void }) {
  const name = `Backup ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
  const actor = useActorRef(usePageMachines().backupMake, { input: { name } });
  return <BackupMakeDialog actor={actor} onClose={onClose} />;
}

function RestoreRunner({ backup, onClose }: { backup: Backup | null; onClose: () => void }) {
  const actor = useActorRef(usePageMachines().backupRestore, { input: { backup } });
  return <BackupRestoreDialog actor={actor} onClose={onClose} />;
}

/** /backups: the list actor, making, restoring (a stored backup or a file), downloading. */
export function BackupsPage() {
  const machines = usePageMachines();
  const listRef = useEntityList(machines.entities.backups.list, { defaultSort: [...backupsEntity.defaultSort] });
  const access = useEntityAccess(backupsEntity);
  const can = {
    make: useMayCall('POST /backups/make'),
    fromFile: useMayCall('POST /backups/restore'),
    apply: useMayCall('POST /backups/{id}/apply'),
    applyFile: useMayCall('POST /backups/restore'),
    download: useMayCall('GET /backups/{id}/download'),
    delete: access.delete,
  };
  const [open, setOpen] = useState<Open>(null);
  const [downloading, setDownloading] = useState<Backup | null>(null);
  return (
    <BackupsView
      listRef={listRef}
      can={can}
      onMake={() => setOpen({ kind: 'make' })}
      onFromFile={() => setOpen({ kind: 'restore', backup: null })}
      onApply={(backup) => setOpen({ kind: 'restore', backup })}
      onDownload={setDownloading}
    >
      {open?.kind === 'make' ? <MakeRunner onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'restore' ? <RestoreRunner backup={open.backup} onClose={() => setOpen(null)} /> : null}
      {downloading ? (
        <ExportRunner
          key={downloading.id}
          machine={machines.backupDownload(downloading)}
          onDone={() => setDownloading(null)}
        />
      ) : null}
    </BackupsView>
  );
}
