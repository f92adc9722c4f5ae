import { numberToDial } from './dialer.rules';
import type { DialerContext, DialerEvent, PendingAction } from './dialer.types';

/** Transition pieces of the dialer machine that several states share. */

type Ev<T extends DialerEvent['type']> = Extract<DialerEvent, { type: T }>;
type Args = { context: DialerContext; event: DialerEvent };
type PendingOf = (args: Args) => PendingAction;

/**
 * A requested action (accept, join, start): it asks first when it would end an
 * active normal call or hold an active awaiting one (4), else the engaged call
 * gives way at once. A request that cannot be carried out falls through.
 */
export function request(pendingOf: PendingOf) {
  const guard = (approval: 'end' | 'hold' | null) => ({
    type: 'canPerform' as const,
    params: (args: Args) => ({ pending: pendingOf(args), approval }),
  });
  const setPending = { type: 'setPending' as const, params: (args: Args) => ({ pending: pendingOf(args) }) };
  return [
    { guard: guard('end'), target: 'confirmingEnd', actions: setPending },
    { guard: guard('hold'), target: 'confirmingHold', actions: setPending },
    { guard: guard(null), actions: [setPending, 'perform', 'clearPending'] },
  ] as const;
}

export const acceptOf: PendingOf = ({ event }) => ({ kind: 'accept', id: (event as Ev<'call.accept'>).id });
export const joinOf: PendingOf = ({ event }) => ({ kind: 'join', id: (event as Ev<'call.join'>).id });
export const startOf: PendingOf = ({ context, event }) => {
  const e = event as Ev<'call.start'>;
  return { kind: 'start', speechId: e.speechId, number: numberToDial(context, e.number), video: e.video, name: e.name };
};
export const dialed = ({ context, event }: { context: DialerContext; event: Ev<'call.start'> }) => ({
  number: numberToDial(context, event.number),
  video: event.video,
});
export const removedId = ({ event }: { event: Ev<'call.removed'> }) => ({ id: event.id });

/** Yes: the engaged call gives way and the pending action happens; no: it is forgotten. */
export const approved = { target: 'idle', actions: ['perform', 'clearPending'] } as const;
export const declined = { target: 'idle', actions: 'clearPending' } as const;
/** A call the question is about (to take, or to interrupt) went away while the user decided: it is closed. */
export const pendingGone = {
  guard: { type: 'isPendingGone', params: removedId },
  target: 'idle',
  actions: [{ type: 'dropCall', params: removedId }, 'clearPending', 'showButton', 'reloadRecents'],
} as const;
