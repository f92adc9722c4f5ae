import type { ActorRefFrom } from 'xstate';
import type { EntityFormMachine } from '../../machines/entity-form/entity-form.machine';

/** The form actor every field component is bound to. */
export type FormRef = ActorRefFrom<EntityFormMachine>;
