import { APP_CHANGES_TOPIC, userTopic } from '../../contract/realtime';
import { realtimeMachine } from './realtime.machine';
import type { RealtimeContext } from './realtime.types';

const base: RealtimeContext = {
  subscriptions: { [APP_CHANGES_TOPIC]: ['app'], [userTopic(1)]: ['notifications'] },
  awaitingPong: false,
  lastCloseCode: null,
  connections: 0,
};

/** Named snapshots of every reachable state, for stories and the coverage check. */
export const realtimeFixtures = {
  connecting: realtimeMachine.resolveState({ value: { online: 'connecting' }, context: base }),
  connected: realtimeMachine.resolveState({
    value: { online: { connected: 'watching' } },
    context: { ...base, connections: 1 },
  }),
  refreshing: realtimeMachine.resolveState({
    value: 'refreshing',
    context: { ...base, connections: 1, lastCloseCode: 4001 },
  }),
  disconnected: realtimeMachine.resolveState({
    value: 'disconnected',
    context: { ...base, connections: 1, lastCloseCode: 1006 },
  }),
};
