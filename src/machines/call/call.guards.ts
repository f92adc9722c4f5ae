import type { CallStatusServer } from '../../contract/entities/calls';
import type { CallContext, CallEvent } from './call.types';

type Args = { context: CallContext; event: CallEvent };

const serverStatus = (event: CallEvent): CallStatusServer | null =>
  event.type === 'server.updated' ? event.call.status : null;

/** The call began from calls management with this server status. */
const startsWith =
  (...statuses: CallStatusServer[]) =>
  ({ context }: Args) =>
    context.initialServerStatus !== null && statuses.includes(context.initialServerStatus);

/**
 * Guards of the call machine. Server statuses map onto dialer statuses (4):
 * answered → active, waiting → paused, answered_waiting → processed_paused.
 */
export const callGuards = {
  isAwaiting: ({ context }: Args) => context.type === 'awaiting',
  startsDialing: ({ context }: Args) => context.sessionMode === 'dial',
  startsRinging: ({ context }: Args) => context.sessionMode === 'attach',
  startsDestroyed: startsWith('destroyed'),
  startsAnswered: startsWith('answered'),
  startsAnsweredWaiting: startsWith('answered_waiting'),
  startsNew: startsWith('new', 'calling'),
  isServerDestroyed: ({ event }: Args) => serverStatus(event) === 'destroyed',
  /** Answered while we hold no session for it: someone else (or another tab of ours) is talking. */
  isServerAnswered: ({ event }: Args) => serverStatus(event) === 'answered',
  isServerWaiting: ({ event }: Args) => serverStatus(event) === 'waiting',
  isServerAnsweredWaiting: ({ event }: Args) => serverStatus(event) === 'answered_waiting',
  isServerNew: ({ event }: Args) => serverStatus(event) === 'new' || serverStatus(event) === 'calling',
  /** Answered by a number other than ours while we are in or joining the call. */
  isAnsweredByAnother: ({ context, event }: Args) =>
    event.type === 'server.updated' &&
    event.call.status === 'answered' &&
    event.call.answered_by !== null &&
    event.call.answered_by !== context.myNumber,
  restsAsNew: ({ context }: Args) => context.resumeStatus === 'new',
  restsAsPaused: ({ context }: Args) => context.resumeStatus === 'paused',
};
