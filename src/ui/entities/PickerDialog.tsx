import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { PickerInput, PickerMachine } from '../../machines/picker/picker.machine';
import type { DialogWidth } from '../kit/Dialog';
import { type OptionText, PickerView } from './PickerView';

/** Props of {@link PickerDialog}. */
export interface PickerDialogProps {
  open: boolean;
  title: string;
  /** The resource's picker machine (entityMachines(contract).picker). */
  machine: PickerMachine;
  /** One or several, fixed filters, what the field holds now. */
  input: PickerInput;
  /** How an option reads (name, e-mail, colour…). */
  describe: (row: ListRow) => OptionText;
  searchLabel: string;
  onConfirm: (rows: ListRow[]) => void;
  onClose: () => void;
  width?: DialogWidth;
}

/**
 * A picker of 2.5 as a dialog: the picker actor lives while the dialog is
 * open, starting from what the field holds; Choose hands the rows over.
 */
export function PickerDialog(props: PickerDialogProps) {
  return props.open ? <OpenPicker {...props} /> : null;
}

function OpenPicker({ machine, input, onConfirm, onClose, ...view }: PickerDialogProps) {
  // The latest callbacks, so the actor (created once) always reaches the current field.
  const latest = useRef({ onConfirm, onClose });
  latest.current = { onConfirm, onClose };
  const [provided] = useState(() =>
    machine.provide({
      actions: {
        reportConfirmed: (_, { selected }) => latest.current.onConfirm(selected),
        reportCancelled: () => latest.current.onClose(),
      },
    }),
  );
  const pickerRef = useActorRef(provided, { input });
  return <PickerView pickerRef={pickerRef as ActorRefFrom<PickerMachine>} {...view} />;
}
