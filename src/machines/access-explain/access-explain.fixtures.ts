import type { SnapshotFrom } from 'xstate';
import { type AccessExplainContext, type AccessExplainMachine, accessExplainMachine } from './access-explain.machine';
import { deniedAnswer, grantedAnswer, sampleDoor, sampleNight, sampleUser } from './access-explain.sample';

const snapshot = (value: string, context: Partial<AccessExplainContext>) =>
  accessExplainMachine.resolveState({
    value,
    context: { subject: null, door: null, at: null, answer: null, previous: null, failure: null, ...context },
  });

const chosen = { subject: sampleUser, door: sampleDoor };

/** One snapshot per state of the explain view (the device page's: its door is fixed). */
export const accessExplainFixtures = {
  choosing: snapshot('choosing', { door: sampleDoor }),
  asking: snapshot('asking', chosen),
  answered: snapshot('answered', { ...chosen, at: sampleNight, answer: deniedAnswer, previous: grantedAnswer }),
  failed: snapshot('failed', {
    ...chosen,
    failure: { code: 'invalid related entity sent', status: 400, entities: ['device_id'] },
  }),
} satisfies Record<string, SnapshotFrom<AccessExplainMachine>>;
