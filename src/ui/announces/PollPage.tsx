import { useActorRef } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { usePageMachines } from '../app/actor-context';
import { NotFoundPage } from '../shell/NotFoundPage';
import { PollView } from './PollView';

/** /announce/:token: one poll-answer actor per token. */
export function PollPage() {
  const { token } = useParams();
  if (!token) return <NotFoundPage />;
  return <Poll key={token} token={token} />;
}

function Poll({ token }: { token: string }) {
  const { communications } = usePageMachines();
  const pollRef = useActorRef(communications.pollAnswer, { input: { token } });
  return <PollView pollRef={pollRef} />;
}
