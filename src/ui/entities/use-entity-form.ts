import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import type { EntityFormInput, EntityFormMachine, SavedReport } from '../../machines/entity-form/entity-form.machine';
import type { FormRef } from './form-types';

/**
 * A form actor for a dialog or page. `onSaved` is the page's reaction to a
 * save (close the dialog, go back to the list); it is given to the machine as
 * its `reportSaved` action, so the workflow stays in the machine.
 */
export function useEntityForm(
  machine: EntityFormMachine,
  input: EntityFormInput,
  onSaved: (saved: SavedReport) => void,
): FormRef {
  const latest = useRef(onSaved);
  latest.current = onSaved;
  const [provided] = useState(() => machine.provide({ actions: { reportSaved: (_, saved) => latest.current(saved) } }));
  return useActorRef(provided, { input });
}
