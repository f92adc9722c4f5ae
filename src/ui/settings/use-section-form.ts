import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AnyFormDefinition } from '../../machines/entity-form/entity-form.definition';
import type { EntityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { selectProfile } from '../../machines/session/session.selectors';
import { useSessionActor } from '../app/actor-context';
import { useEntityForm } from '../entities/use-entity-form';
import type { SectionState } from './SettingsSection';

/**
 * A settings section's form actor (loaded at once, for the summary) and its
 * dialog: a save closes the dialog. The project is the item; its id is the
 * session's project (sections are read by path, the id only says "edit").
 */
export function useSectionForm(
  machine: EntityFormMachine,
  definition: AnyFormDefinition,
  mayEdit: boolean,
): SectionState {
  const [open, setOpen] = useState(false);
  const projectId = useSelector(useSessionActor(), selectProfile)?.project.id ?? 1;
  const formRef = useEntityForm(machine, { id: projectId, definition, mayEdit }, () => setOpen(false));
  return { formRef, open, setOpen };
}
