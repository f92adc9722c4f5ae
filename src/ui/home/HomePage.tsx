import { useActorRef } from '@xstate/react';
import { usePageMachines } from '../app/actor-context';
import { HomeView } from './HomeView';

/** /home: creates the dashboard counts actor and renders the view over it. */
export function HomePage() {
  const counts = useActorRef(usePageMachines().homeCounts);
  return <HomeView countsRef={counts} />;
}
