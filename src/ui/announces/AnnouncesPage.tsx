import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCE_STATUSES,
  ANNOUNCE_TYPES,
  type Announce,
  AnnounceSchema,
  announcesEntity,
} from '../../contract/entities/announce';
import { selectProfile } from '../../machines/session/session.selectors';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { rowAs } from '../entities/rows';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { AnnouncesView } from './AnnouncesView';
import { openPathOf } from './announce-links';
import { StartStopConfirm } from './StartStopConfirm';

/** /announces: the list actor (mirrored in the URL); add and edit open as pages; start and stop confirm first. */
export function AnnouncesPage() {
  const { t } = useTranslation('announces');
  const { entities, communications } = usePageMachines();
  const { openPage } = usePageStack();
  const selfId = useSelector(useSessionActor(), selectProfile)?.id ?? null;
  const listRef = useEntityList(entities.announces.list, { defaultSort: [...announcesEntity.defaultSort] });
  const access = useEntityAccess(announcesEntity);
  const [command, setCommand] = useState<{ announce: Announce; command: 'start' | 'stop' } | null>(null);
  const filters: FilterDef[] = [
    {
      kind: 'choice',
      field: 'status',
      label: t('columns.status'),
      rule: 'equals',
      choices: ANNOUNCE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
    },
    {
      kind: 'choice',
      field: 'type',
      label: t('columns.type'),
      rule: 'equals',
      choices: ANNOUNCE_TYPES.map((value) => ({ value, label: t(`type.${value}`) })),
    },
  ];
  return (
    <AnnouncesView
      listRef={listRef}
      filters={filters}
      can={{
        create: access.create,
        delete: access.delete,
        start: useMayCall('POST /announces/{id}/start'),
        stop: useMayCall('POST /announces/{id}/stop'),
      }}
      onAdd={() => openPage('/announces/add')}
      onOpen={(row) => {
        const announce = rowAs(AnnounceSchema, row);
        if (announce) openPage(openPathOf(announce, selfId));
      }}
      onCommand={(announce, which) => setCommand({ announce, command: which })}
    >
      {command ? (
        <StartStopConfirm
          machine={communications.announceCommands[command.command]}
          id={command.announce.id}
          item={command.announce}
          title={t(`state.${command.command}Title`)}
          message={t(`state.${command.command}Message`, { name: command.announce.name })}
          confirmLabel={t(`state.${command.command}`)}
          successCode={`announces:state.${command.command === 'start' ? 'started' : 'stopped'}`}
          tone={command.command === 'stop' ? 'danger' : 'primary'}
          onClose={() => setCommand(null)}
          onDone={() => {
            setCommand(null);
            listRef.send({ type: 'list.refresh' });
          }}
        />
      ) : null}
    </AnnouncesView>
  );
}
