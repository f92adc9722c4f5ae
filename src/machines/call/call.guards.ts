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

/** Held after another concierge answered it: only they may rejoin (docs/sip.md), so it is theirs. */
const heldByAnother = (status: CallStatusServer | null, answeredBy: string | null, myNumber: string) =>
  status === 'answered_waiting' && answeredBy !== null && answeredBy !== myNumber;

/**
 * Guards of the call machine. Server statuses map onto dialer statuses (4):
 * answered → active, waiting → paused, answered_waiting → processed_paused.
 */
export const callGuards = {
  isAwaiting: ({ context }: Args) => context.type === 'awaiting',
  startsDialing: ({ context }: Args) => context.sessionMode === 'dial',
  startsRinging: ({ context }: Args) => context.sessionMode === 'attach',
  startsDestroyed: startsWith('destroyed'),
  startsAnswered: (args: Args) =>
    startsWith('answered')(args) ||
    heldByAnother(args.context.initialServerStatus, args.context.answeredBy, args.context.myNumber),
  startsAnsweredWaiting: (args: Args) =>
    startsWith('answered_waiting')(args) &&
    !heldByAnother(args.context.initialServerStatus, args.context.answeredBy, args.context.myNumber),
  startsNew: startsWith('new', 'calling'),
  isServerDestroyed: ({ event }: Args) => serverStatus(event) === 'destroyed',
  /**
   * Answered while we hold no session for it (someone else, or another tab of ours, is talking),
   * or held by the concierge who answered it.
   */
  isServerAnswered: ({ context, event }: Args) =>
    event.type === 'server.updated' &&
    (event.call.status === 'answered' || heldByAnother(event.call.status, event.call.answered_by, context.myNumber)),
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
