import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { selectProfile } from '../../machines/session/session.selectors';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { NotFoundPage } from '../shell/NotFoundPage';
import { ConversationView } from './ConversationView';

/** /conversation/:id: one thread actor per conversation (live through its service). */
export function ConversationPage() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <NotFoundPage />;
  return <Thread key={id} conversationId={Number(id)} />;
}

function Thread({ conversationId }: { conversationId: number }) {
  const { communications } = usePageMachines();
  const { closePage } = usePageStack();
  const selfId = useSelector(useSessionActor(), selectProfile)?.id ?? null;
  const threadRef = useActorRef(communications.conversationThread, { input: { conversationId } });
  return <ConversationView threadRef={threadRef} selfId={selfId} onBack={() => closePage('/conversations')} />;
}
