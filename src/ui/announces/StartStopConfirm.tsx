import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import type { EntityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { selectIsSaving } from '../../machines/entity-form/entity-form.selectors';
import { useEntityForm } from '../entities/use-entity-form';
import { ConfirmDialog } from '../kit/ConfirmDialog';

/** A one-call command with nothing to fill in; the alert says `successCode` when it is done. */
const commandDefinition = (successCode: string): EntityFormDefinition => ({
  empty: () => ({}),
  fromItem: () => ({}),
  kinds: {},
  schemas: { create: v.object({}), patch: v.object({}) },
  successCode: { create: successCode, patch: successCode },
});

/** Which of start and stop the caller may use (each from its call's declaration). */
export type StartStopAccess = Record<'start' | 'stop', boolean>;

/** Props of {@link StartStopConfirm}. */
export interface StartStopConfirmProps {
  /** The start or stop command machine (the communications area, src/services/areas/communications.ts). */
  machine: EntityFormMachine;
  id: number;
  item: unknown;
  title: string;
  message: string;
  confirmLabel: string;
  successCode: string;
  tone?: 'primary' | 'danger';
  onClose: () => void;
  /** Done: the entity as the call answered it. */
  onDone: (item: unknown) => void;
}

/** Asks before starting or stopping an announce or an alert, then runs the command. */
export function StartStopConfirm({ machine, id, item, successCode, onClose, onDone, ...text }: StartStopConfirmProps) {
  const formRef = useEntityForm(machine, { id, item, definition: commandDefinition(successCode) }, (saved) =>
    onDone(saved.item),
  );
  const busy = useSelector(formRef, selectIsSaving);
  return (
    <ConfirmDialog
      open
      {...text}
      busy={busy}
      onConfirm={() => formRef.send({ type: 'form.submit' })}
      onCancel={() => {
        if (!busy) onClose();
      }}
    />
  );
}
