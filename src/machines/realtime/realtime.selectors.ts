import type { SnapshotFrom } from 'xstate';
import type { RealtimeMachine } from './realtime.machine';

type Snapshot = SnapshotFrom<RealtimeMachine>;

/** The connection state of 4 / 7.10; a token refresh counts as connecting. */
export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

/** What the shell shows about the live connection. */
export const selectRealtimeStatus = (s: Snapshot): RealtimeStatus =>
  s.matches({ online: 'connected' }) ? 'connected' : s.matches('disconnected') ? 'disconnected' : 'connecting';

/** Whether the connection was lost at least once and is being made again (a banner says so). */
export const selectIsReconnecting = (s: Snapshot): boolean =>
  s.context.connections > 0 && selectRealtimeStatus(s) !== 'connected';

/** Topics listened to now. */
export const selectTopics = (s: Snapshot): string[] => Object.keys(s.context.subscriptions);
