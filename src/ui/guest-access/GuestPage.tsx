import { useActorRef } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { usePageMachines } from '../app/actor-context';
import { GuestPageView } from './GuestPageView';

/** /guest-access/:keyId, public in any state: a guestKey actor on the guest page of the link's key. */
export function GuestPage() {
  const { keyId = '' } = useParams();
  return <GuestPageActor key={keyId} keyUid={keyId} />;
}

function GuestPageActor({ keyUid }: { keyUid: string }) {
  const { guestKey } = usePageMachines();
  const keyRef = useActorRef(guestKey, { input: { mode: 'guest', keyUid } });
  return <GuestPageView keyRef={keyRef} />;
}
