import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { ipBansEntity, ipWhitelistEntity } from '../../contract/entities/ip-blocking';
import { selectTopicFeedRef } from '../../machines/app/app.selectors';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { useAppActor, usePageMachines } from '../app/actor-context';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useEntityList } from '../entities/use-entity-list';
import { BansView } from './BansView';
import { IpBlockingOverview } from './IpBlockingOverview';
import type { IpBlockingTab } from './IpBlockingTabs';
import { WhitelistFormDialog } from './WhitelistFormDialog';
import { WhitelistView } from './WhitelistView';
import { whitelistForm } from './whitelist-form';

type StatusRef = ActorRefFrom<LoaderMachine>;

/**
 * /ip-blocking (banned addresses) and /ip-blocking?tab=whitelist: the status
 * actor lives across both tabs; each tab has its list actor (mirrored in the
 * URL). Lists and status reload by themselves when bans change (their services).
 */
export function IpBlockingPage() {
  const [params] = useSearchParams();
  const tab: IpBlockingTab = params.get('tab') === 'whitelist' ? 'whitelist' : 'bans';
  const { ipBlockingStatus } = usePageMachines();
  const statusRef = useActorRef(ipBlockingStatus);
  const feedRef = useSelector(useAppActor(), selectTopicFeedRef);
  const whitelist = useEntityAccess(ipWhitelistEntity);
  const can = {
    unban: useMayCall('POST /ip-blocking/unban'),
    unbanAll: useMayCall('POST /ip-blocking/unban-all'),
    ...whitelist,
  };
  const readOnly = !(can.unban || can.unbanAll || can.create || can.delete);
  const overview = <IpBlockingOverview tab={tab} statusRef={statusRef} feedRef={feedRef} readOnly={readOnly} />;
  return tab === 'whitelist' ? (
    <WhitelistPanel key="whitelist" statusRef={statusRef} can={can} overview={overview} />
  ) : (
    <BansPanel key="bans" statusRef={statusRef} can={can} overview={overview} />
  );
}

interface PanelProps {
  statusRef: StatusRef;
  can: { unban: boolean; unbanAll: boolean; create: boolean; delete: boolean };
  overview: ReactNode;
}

function BansPanel({ statusRef, can, overview }: PanelProps) {
  const { entities, ipUnban } = usePageMachines();
  const listRef = useEntityList(entities.ipBans.list, { defaultSort: [...ipBansEntity.defaultSort] });
  const unbanRef = useActorRef(ipUnban);
  return <BansView listRef={listRef} statusRef={statusRef} unbanRef={unbanRef} can={can} overview={overview} />;
}

function WhitelistPanel({ can, overview }: PanelProps) {
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.ipWhitelist.list, { defaultSort: [...ipWhitelistEntity.defaultSort] });
  const [adding, setAdding] = useState(false);
  return (
    <WhitelistView listRef={listRef} can={can} onAdd={() => setAdding(true)} overview={overview}>
      {adding ? <WhitelistDialog mayEdit={can.create} onClose={() => setAdding(false)} /> : null}
    </WhitelistView>
  );
}

function WhitelistDialog({ mayEdit, onClose }: { mayEdit: boolean; onClose: () => void }) {
  const { entities } = usePageMachines();
  // The list and the status hear of the new entry from the area (src/services/areas/security.ts).
  const formRef = useEntityForm(entities.ipWhitelist.form, { id: null, definition: whitelistForm, mayEdit }, onClose);
  return <WhitelistFormDialog formRef={formRef} onClose={onClose} />;
}
