import type { SnapshotFrom } from 'xstate';
import type { RealtimeMachine } from './realtime.machine';
import type { RealtimeStatus } from './realtime.types';

export type { RealtimeStatus };

type Snapshot = SnapshotFrom<RealtimeMachine>;

/** What the shell shows about the live connection. */
export const selectRealtimeStatus = (s: Snapshot): RealtimeStatus =>
  s.hasTag('connected') ? 'connected' : s.hasTag('disconnected') ? 'disconnected' : 'connecting';

/** Whether the connection was lost at least once and is being made again (a banner says so). */
export const selectIsReconnecting = (s: Snapshot): boolean =>
  s.context.connections > 0 && selectRealtimeStatus(s) !== 'connected';

/** Topics listened to now. */
export const selectTopics = (s: Snapshot): string[] => Object.keys(s.context.subscriptions);
