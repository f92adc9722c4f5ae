import { FLOATING_ACTION } from '../../contract/constants';
import type { WaitingCall } from '../../contract/entities/calls';
import type { FloatingButton } from '../app/app.types';
import type { CallEvent, CallInput, CallStatus, CallSummary } from '../call/call.types';
import type { DialerContext, IncomingCall, PendingAction } from './dialer.types';

/** Server statuses as dialer statuses (4). */
export const STATUS_FROM_SERVER: Record<WaitingCall['status'], CallStatus> = {
  new: 'new',
  calling: 'new',
  answered: 'active',
  waiting: 'paused',
  answered_waiting: 'processed_paused',
  destroyed: 'destroyed',
};

const RESTING: readonly CallStatus[] = ['new', 'paused', 'processed_paused'];

/** The actor id of a call. */
export const callActorId = (speechId: string) => `call-${speechId}`;

/** A call that is ringing here (incoming, not answered yet). */
export const isRinging = (c: CallSummary) => c.status === 'calling' && c.direction === 'incoming';
/** An awaiting call resting on the server, which this user may join. */
export const isResting = (c: CallSummary) => c.type === 'awaiting' && RESTING.includes(c.status);

/**
 * Calls on the line (4): in conversation, joining, or an outgoing call still
 * dialing. Ringing calls are not on the line: they keep ringing. Normally there
 * is one at most; a new action interrupts all of them, so it stays that way.
 */
export function callsOnLine(calls: readonly CallSummary[], exceptId: string | null): CallSummary[] {
  return calls.filter(
    (c) =>
      c.id !== exceptId &&
      c.hasSIPSession &&
      (c.status === 'active' || c.status === 'joining' || (c.status === 'calling' && c.direction === 'outgoing')),
  );
}

/** The call a new action would interrupt (the active one first): what the approval question is about. */
export function engagedCall(calls: readonly CallSummary[], exceptId: string | null): CallSummary | null {
  const onLine = callsOnLine(calls, exceptId);
  return onLine.find((c) => c.status === 'active') ?? onLine[0] ?? null;
}

/** The id of the call a pending action concerns (null for a new outgoing call). */
export const pendingTarget = (pending: PendingAction) => (pending.kind === 'start' ? null : pending.id);

/** The approval a pending action needs first (4): ending an active normal call, or holding an awaiting one. */
export function approvalFor(context: DialerContext, pending: PendingAction): 'end' | 'hold' | null {
  const active = callsOnLine(context.calls, pendingTarget(pending)).filter((c) => c.status === 'active');
  if (active.length === 0) return null;
  return active.some((c) => c.type !== 'awaiting') ? 'end' : 'hold';
}

/** A request the dialer can carry out: a ringing call to accept, a resting one to join, a number to dial. */
export function isValidRequest(context: DialerContext, pending: PendingAction): boolean {
  if (pending.kind === 'start')
    return (
      pending.number !== '' &&
      pending.number !== context.myNumber &&
      !context.calls.some((c) => c.id === pending.speechId)
    );
  const call = context.calls.find((c) => c.id === pending.id);
  if (!call) return false;
  return pending.kind === 'accept' ? isRinging(call) : isResting(call);
}

/** The number a `call.start` dials: the given one or the keypad's, trimmed. */
export const numberToDial = (context: DialerContext, number: string | undefined) => (number ?? context.keypad).trim();

/** Keys of the keypad (2.6) and what may be typed into its field. */
export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
export const DIALABLE = /[^0-9*#+]/g;

/** The summary a new call actor starts with (its first report corrects the status). */
export function summaryOf(input: CallInput): CallSummary {
  const status: CallStatus =
    input.start.kind === 'server'
      ? STATUS_FROM_SERVER[input.start.status]
      : input.start.kind === 'dial'
        ? 'calling'
        : 'calling';
  return {
    id: input.speechId,
    status,
    type: input.type,
    direction: input.direction,
    number: input.number,
    hasSIPSession: input.start.kind !== 'server',
    parentId: input.parentId,
    answeredBy: input.answeredBy,
  };
}

/** A call actor's input for an outgoing call. */
export function outgoingInput(
  context: DialerContext,
  start: { speechId: string; number: string; video: boolean; name?: string },
  parentId: string | null,
): CallInput {
  return {
    speechId: start.speechId,
    number: start.number,
    callee: start.number,
    direction: 'outgoing',
    type: 'normal',
    sosCall: false,
    info: { address: null, user: start.name ?? null },
    answeredBy: null,
    parentId,
    myNumber: context.myNumber,
    createdAt: null,
    video: start.video,
    start: { kind: 'dial' },
  };
}

/** A call actor's input for an incoming INVITE. */
export function incomingInput(context: DialerContext, call: IncomingCall): CallInput {
  return {
    speechId: call.speechId,
    number: call.number,
    callee: call.callee,
    direction: 'incoming',
    type: call.type,
    sosCall: call.sosCall,
    info: { address: null, user: call.displayName },
    answeredBy: null,
    parentId: null,
    myNumber: context.myNumber,
    createdAt: null,
    video: call.video,
    start: { kind: 'ring' },
  };
}

/** A call actor's input for a call known from calls management only. */
export function serverInput(context: DialerContext, call: WaitingCall): CallInput {
  return {
    speechId: call.id,
    number: call.caller,
    callee: call.callee,
    direction: call.caller === context.myNumber ? 'outgoing' : 'incoming',
    type: call.type,
    sosCall: false,
    info: call.info,
    answeredBy: call.answered_by,
    parentId: null,
    myNumber: context.myNumber,
    createdAt: call.created_at,
    video: false,
    start: { kind: 'server', status: call.status },
  };
}

/** A destroyed update for a call the server no longer lists (it ended while we were away). */
export function goneUpdate(call: CallSummary): WaitingCall {
  return {
    id: call.id,
    caller: call.number,
    callee: '',
    status: 'destroyed',
    answered_by: call.answeredBy,
    type: call.type,
    info: { address: null, user: null },
    created_at: '',
  };
}

/**
 * The floating dialer button (2.3, 4): loading while registering, green when
 * registered, a locked phone when unregistered, red on error or invalid
 * registration, vibrating with a ringing icon on an incoming call. The badge
 * counts awaiting calls nobody has taken yet.
 */
export function dialerButton(context: Pick<DialerContext, 'fabId' | 'registration' | 'calls'>): FloatingButton {
  const waiting = context.calls.filter((c) => c.type === 'awaiting' && (c.status === 'paused' || c.status === 'new'));
  const base = {
    id: context.fabId,
    order: FLOATING_ACTION.dialerOrder,
    click: { systemId: 'dialer', event: { type: 'panel.toggle' } },
    badge: waiting.length > 0 ? { text: String(waiting.length), color: 'red' } : undefined,
  };
  // Each look has its spoken name (labelKey): the colour alone says nothing to a screen reader.
  const label = (state: string) => `shell:fab.dialer.${state}`;
  if (context.calls.some(isRinging))
    return {
      ...base,
      icon: 'phoneRinging',
      state: 'normal',
      color: 'green',
      extraClass: 'animate-vibrate',
      labelKey: label('ringing'),
    };
  switch (context.registration) {
    case 'registered':
      return { ...base, icon: 'phone', state: 'normal', color: 'green', labelKey: label('registered') };
    case 'unregistered':
      return { ...base, icon: 'phoneLocked', state: 'normal', color: 'orange', labelKey: label('offline') };
    case 'mediaDenied':
      return { ...base, icon: 'phoneLocked', state: 'normal', color: 'orange', labelKey: label('mediaDenied') };
    case 'error':
    case 'invalid_registration':
      return { ...base, icon: 'phone', state: 'normal', color: 'red', labelKey: label('error') };
    case 'unregistering':
      return { ...base, icon: 'phone', state: 'loading', color: 'green', labelKey: label('disconnecting') };
    default:
      return { ...base, icon: 'phone', state: 'loading', color: 'green', labelKey: label('connecting') };
  }
}

/** What the dialer does to its call actors in one step: spawn some, send events to others. */
export interface CallPlan {
  spawn: CallInput[];
  send: { id: string; event: CallEvent }[];
}

const plan = (spawn: CallInput[] = [], send: CallPlan['send'] = []): CallPlan => ({ spawn, send });

/**
 * Calls-management updates (CallUpdated, or the waiting-calls list when
 * `reconcile`): each goes to its call, unknown live ones become new calls, and
 * a reconciled list ends the resting calls it no longer holds.
 */
export function planServerCalls(context: DialerContext, calls: readonly WaitingCall[], reconcile: boolean): CallPlan {
  const known = new Set(context.calls.map((c) => c.id));
  const out = plan();
  for (const call of calls) {
    if (known.has(call.id)) out.send.push({ id: call.id, event: { type: 'server.updated', call } });
    else if (call.status !== 'destroyed' && !out.spawn.some((i) => i.speechId === call.id))
      out.spawn.push(serverInput(context, call));
  }
  if (reconcile) {
    const listed = new Set(calls.map((c) => c.id));
    for (const call of context.calls.filter((c) => isResting(c) && !listed.has(c.id)))
      out.send.push({ id: call.id, event: { type: 'server.updated', call: goneUpdate(call) } });
  }
  return out;
}

/** An incoming INVITE: a new call, or the session of an awaiting call we already list. */
export function planIncoming(context: DialerContext, call: IncomingCall): CallPlan {
  return context.calls.some((c) => c.id === call.speechId)
    ? plan([], [{ id: call.speechId, event: { type: 'session.attached' } }])
    : plan([incomingInput(context, call)]);
}

/**
 * The approved (or unopposed) action: every call on the line now gives way (the
 * one the question was about, or whichever took the line meanwhile), then the
 * action happens. A call started from an active awaiting call returns to it.
 */
export function planPerform(context: DialerContext): CallPlan {
  const { pending } = context;
  const out = plan();
  const onLine = callsOnLine(context.calls, pending ? pendingTarget(pending) : null);
  for (const call of onLine) out.send.push({ id: call.id, event: { type: 'call.interrupt' } });
  if (!pending) return out;
  if (pending.kind === 'start') {
    const held = onLine.find((c) => c.type === 'awaiting' && c.status === 'active');
    out.spawn.push(outgoingInput(context, pending, held?.id ?? null));
  } else {
    out.send.push({
      id: pending.id,
      event: pending.kind === 'accept' ? { type: 'call.accept' } : { type: 'call.join' },
    });
  }
  return out;
}

/** Back to the previous call: rejoin it (like any join, whatever is on the line gives way). */
export function planReturn(context: DialerContext): CallPlan {
  if (!context.returnTo) return plan();
  const interrupt = callsOnLine(context.calls, context.returnTo).map((c) => ({
    id: c.id,
    event: { type: 'call.interrupt' } as const,
  }));
  return plan([], [...interrupt, { id: context.returnTo, event: { type: 'call.join' } }]);
}

/** Door open inside the call with the door's own panel: DTMF # (7.11). */
export function planDoorDtmf(context: DialerContext): CallPlan {
  const call = context.calls.find(
    (c) => c.status === 'active' && c.hasSIPSession && c.number === context.door?.sipNumber,
  );
  return call ? plan([], [{ id: call.id, event: { type: 'call.sendDtmf', tone: '#' } }]) : plan();
}

/** The call selected after a pending action is carried out. */
export const selectedAfter = (pending: PendingAction) => (pending.kind === 'start' ? pending.speechId : pending.id);
