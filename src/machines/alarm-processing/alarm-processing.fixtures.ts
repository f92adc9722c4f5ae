import type { SnapshotFrom } from 'xstate';
import {
  type AlarmProcessingContext,
  type AlarmProcessingMachine,
  alarmProcessingMachine,
} from './alarm-processing.machine';
import { processedAlarm, sampleAlarm } from './alarm-processing.sample';

const snapshot = (value: string, context: Partial<AlarmProcessingContext>) =>
  alarmProcessingMachine.resolveState({
    value,
    context: { id: 7, alarm: null, comment: '', commentError: null, failure: null, ...context },
  });
const comment = 'Checked on site: burnt toast, ventilated';

/** One snapshot per state. */
export const alarmProcessingFixtures = {
  loading: snapshot('loading', {}),
  loadFailed: snapshot('loadFailed', { failure: { code: 'item not found', status: 404 } }),
  review: snapshot('review', { alarm: sampleAlarm, comment }),
  processing: snapshot('processing', { alarm: sampleAlarm, comment }),
  failed: snapshot('failed', {
    alarm: sampleAlarm,
    comment,
    failure: { code: 'alarm already processed', status: 409 },
  }),
  processed: snapshot('processed', { alarm: processedAlarm, comment }),
  alreadyProcessed: snapshot('alreadyProcessed', { alarm: processedAlarm }),
} satisfies Record<string, SnapshotFrom<AlarmProcessingMachine>>;
