import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { LoaderMachine } from '../../machines/loader/loader.machine';

/** Runs one report export: the loader downloads the file, then the runner reports done. */
export function ExportRunner({ machine, onDone }: { machine: LoaderMachine; onDone: () => void }) {
  // The machine is made per export; keep the first one for the actor's whole life.
  const [logic] = useState(machine);
  const actor = useActorRef(logic);
  const settled = useSelector(actor, (s) => s.matches('loaded') || s.matches('failed'));
  useEffect(() => {
    if (settled) onDone();
  }, [settled, onDone]);
  return null;
}
