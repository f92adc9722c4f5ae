import * as v from 'valibot';
import { type AnyActorRef, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { CallUpdatedEventSchema, type WaitingCall } from '../../contract/entities/calls';
import { callManagementTopic } from '../../contract/realtime';
import { callMachine } from '../call/call.machine';
import { loaderMachine } from '../loader/loader.machine';
import type { CallFailure } from '../session/session.types';
import {
  approvalFor,
  type CallPlan,
  callActorId,
  DIALABLE,
  dialerButton,
  engagedCall,
  isResting,
  isValidRequest,
  planDoorDtmf,
  planIncoming,
  planPerform,
  planReturn,
  planServerCalls,
  selectedAfter,
  summaryOf,
} from './dialer.rules';
import {
  acceptOf,
  approved,
  declined,
  dialed,
  joinOf,
  pendingGone,
  removedId,
  request,
  startOf,
} from './dialer.transitions';
import type { DialerContext, DialerEvent, DialerInput, LeftView, PendingAction } from './dialer.types';

type Ev<T extends DialerEvent['type']> = Extract<DialerEvent, { type: T }>;

/**
 * The web dialer (2.6, 4): one `call` actor per call (id `call-<speech id>`),
 * mirrored in `calls` so the interrupt rules and the floating button read plain
 * data. It listens to the call-management channel of the user's number, loads
 * the waiting calls on start and after every reconnection, and keeps the
 * keypad, the contact search, the left column, the selected door and the approvals.
 */
export const dialerMachine = setup({
  types: { context: {} as DialerContext, events: {} as DialerEvent, input: {} as DialerInput },
  actors: {
    call: callMachine,
    contacts: loaderMachine,
    recents: loaderMachine,
    doorDevices: loaderMachine,
    loadWaitingCalls: fromPromise<WaitingCall[]>(() => new Promise(() => {})),
    openDoor: fromPromise<void, { token: string }>(() => new Promise(() => {})),
  },
  actions: {
    /** Listens to the call-management channel of the user's number (7.10), when realtime runs. */
    subscribe: enqueueActions(({ context, enqueue, system }) => {
      const realtime: AnyActorRef | undefined = system.get('realtime');
      if (realtime && context.manageCalls)
        enqueue.sendTo(realtime, {
          type: 'realtime.subscribe',
          topic: callManagementTopic(context.myNumber),
          subscriber: 'dialer',
        } as { type: string });
    }),
    /** Puts the floating dialer button in the shell (2.3). */
    showButton: enqueueActions(({ context, enqueue, system }) => {
      const app: AnyActorRef | undefined = system.get('app');
      if (app) enqueue.sendTo(app, { type: 'fab.upsert', button: dialerButton(context) } as { type: string });
    }),
    alert: (_, _params: { kind: 'error' | 'warning' | 'success' | 'info'; code: string }) => {},
    reloadRecents: sendTo('recents', { type: 'loader.reload' }),
    /** Spawns and messages call actors (a plan of dialer.rules). */
    carryOut: enqueueActions(({ enqueue, self }, params: { plan: CallPlan }) => {
      for (const input of params.plan.spawn)
        enqueue.spawnChild('call', { id: callActorId(input.speechId), input, syncSnapshot: false });
      if (params.plan.spawn.length > 0)
        enqueue.assign({ calls: ({ context }) => [...context.calls, ...params.plan.spawn.map(summaryOf)] });
      // Pure transitions (graph traversal) have no snapshot to read children from.
      const children = (self.getSnapshot()?.children ?? {}) as Record<string, AnyActorRef | undefined>;
      for (const { id, event } of params.plan.send) {
        const child = children[callActorId(id)];
        if (child) enqueue.sendTo(child, event);
      }
    }),
    applyCallChange: assign({
      calls: ({ context }, params: Ev<'call.changed'>) =>
        context.calls.map((c) => (c.id === params.id ? { ...c, ...params.changes } : c)),
    }),
    raiseEnded: enqueueActions(({ enqueue }, params: Ev<'call.changed'>) => {
      if (params.changes.status === 'destroyed') enqueue.raise({ type: 'dialer.callEnded', id: params.id });
    }),
    dropCall: enqueueActions(({ enqueue }, params: { id: string }) => {
      enqueue.stopChild(callActorId(params.id));
      enqueue.assign({
        calls: ({ context }) => context.calls.filter((c) => c.id !== params.id),
        selectedCallId: ({ context }) => (context.selectedCallId === params.id ? null : context.selectedCallId),
      });
    }),
    setPending: assign({
      pending: (_, params: { pending: PendingAction }) => params.pending,
      interrupting: ({ context }, params: { pending: PendingAction }) =>
        engagedCall(context.calls, params.pending.kind === 'start' ? null : params.pending.id)?.id ?? null,
    }),
    clearPending: assign({ pending: null, interrupting: null }),
    /** The engaged call gives way (ends, is held, or its join is cancelled), then the action happens. */
    perform: enqueueActions(({ context, enqueue }) => {
      const { pending } = context;
      enqueue({ type: 'carryOut', params: { plan: planPerform(context) } } as never);
      if (!pending) return;
      enqueue.assign({ selectedCallId: selectedAfter(pending) });
      if (pending.kind === 'start') enqueue.assign({ lastDialed: pending.number, keypad: '' });
    }),
    setReturn: assign({
      returnTo: ({ context }, params: { id: string }) =>
        context.calls.find((c) => c.id === params.id)?.parentId ?? null,
    }),
    selectReturn: assign({ selectedCallId: ({ context }) => context.returnTo ?? context.selectedCallId }),
    clearReturn: assign({ returnTo: null }),
    setWaitingFailure: assign({
      waitingFailure: (_, params: { failure: CallFailure | null }) => params.failure,
      loadingWaitingCalls: false,
    }),
    /** (Re)loads the waiting calls: on start and after every reconnection (7.10). */
    loadWaitingCalls: enqueueActions(({ context, enqueue }) => {
      if (!context.manageCalls) return;
      enqueue.stopChild('loadWaitingCalls');
      enqueue.spawnChild('loadWaitingCalls', { id: 'loadWaitingCalls' });
      enqueue.assign({ loadingWaitingCalls: true });
    }),
    openDoor: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild('openDoor', { id: 'openDoor', input: { token: context.door?.token ?? '' } });
      enqueue.assign({ openingDoor: true });
    }),
    setOpening: assign({ openingDoor: (_, params: { opening: boolean }) => params.opening }),
    togglePanel: assign({ panelOpen: ({ context }) => !context.panelOpen }),
    setPanel: assign({ panelOpen: (_, params: { open: boolean }) => params.open }),
    setLeft: assign({ leftView: (_, params: { view: LeftView }) => params.view }),
    fillLastDialed: assign({ keypad: ({ context }) => context.lastDialed ?? '' }),
    pressKey: assign({
      keypad: ({ context }, params: { key: string }) => `${context.keypad}${params.key}`.replace(DIALABLE, ''),
    }),
    setKeypad: assign({ keypad: (_, params: { value: string }) => params.value.replace(DIALABLE, '') }),
    backspace: assign({ keypad: ({ context }) => context.keypad.slice(0, -1) }),
    select: assign({ selectedCallId: (_, params: { id: string }) => params.id }),
    setSearch: assign({ contactSearch: (_, params: { text: string }) => params.text }),
    setDoor: assign({ door: (_, params: Pick<Ev<'door.select'>, 'door'>) => params.door }),
    setRegistration: assign({ registration: (_, params: Pick<Ev<'registration.changed'>, 'status'>) => params.status }),
  },
  guards: {
    /** A request the dialer can carry out that needs exactly this approval. */
    canPerform: ({ context }, params: { pending: PendingAction; approval: 'end' | 'hold' | null }) =>
      isValidRequest(context, params.pending) && approvalFor(context, params.pending) === params.approval,
    isOwnNumber: ({ context }, params: { number: string }) => params.number === context.myNumber,
    isBlank: (_, params: { number: string }) => params.number === '',
    isOffline: ({ context }) => context.registration !== 'registered',
    canFillLastDialed: ({ context }, params: { number: string; video: boolean }) =>
      params.number === '' && params.video && context.lastDialed !== null,
    isKnownCall: ({ context }, params: { id: string }) => context.calls.some((c) => c.id === params.id),
    isCallUpdate: ({ context }, params: { topic: string; data: unknown }) =>
      params.topic === callManagementTopic(context.myNumber) && v.is(CallUpdatedEventSchema, params.data),
    /** A child call ended while its awaiting parent rests and nothing else is engaged: offer to go back. */
    canOfferReturn: ({ context }, params: { id: string }) => {
      const parentId = context.calls.find((c) => c.id === params.id)?.parentId;
      const parent = parentId ? context.calls.find((c) => c.id === parentId) : undefined;
      return parent !== undefined && isResting(parent) && engagedCall(context.calls, null) === null;
    },
    /** The call the pending action concerns, or the one it would interrupt, is gone: the question is moot. */
    isPendingGone: ({ context }, params: { id: string }) =>
      context.interrupting === params.id ||
      (context.pending !== null && context.pending.kind !== 'start' && context.pending.id === params.id),
    isReturnGone: ({ context }, params: { id: string }) => context.returnTo === params.id,
    isInCallWithDoor: ({ context }) => planDoorDtmf(context).send.length > 0,
    canOpenDoor: ({ context }) => Boolean(context.door?.token) && !context.openingDoor,
  },
}).createMachine({
  id: 'dialer',
  context: ({ input, spawn }) => {
    spawn('contacts', { id: 'contacts' });
    spawn('recents', { id: 'recents' });
    if (input.doors !== false) spawn('doorDevices', { id: 'doorDevices' });
    return {
      myNumber: input.myNumber,
      fabId: input.fabId,
      manageCalls: input.manageCalls !== false,
      doors: input.doors !== false,
      registration: 'requestingMedia',
      calls: [],
      selectedCallId: null,
      keypad: '',
      lastDialed: null,
      contactSearch: '',
      pending: null,
      interrupting: null,
      returnTo: null,
      door: null,
      openingDoor: false,
      panelOpen: false,
      leftView: 'contacts',
      loadingWaitingCalls: false,
      waitingFailure: null,
    };
  },
  entry: ['subscribe', 'showButton', 'loadWaitingCalls'],
  on: {
    'panel.toggle': { actions: 'togglePanel' },
    'panel.open': { actions: { type: 'setPanel', params: { open: true } } },
    'panel.close': { actions: { type: 'setPanel', params: { open: false } } },
    'left.contacts': { actions: { type: 'setLeft', params: { view: 'contacts' } } },
    'left.recents': { actions: [{ type: 'setLeft', params: { view: 'recents' } }, 'reloadRecents'] },
    'waitingCalls.reload': { actions: 'loadWaitingCalls' },
    'realtime.connected': { actions: 'loadWaitingCalls' },
    'xstate.done.actor.loadWaitingCalls': {
      actions: [
        { type: 'carryOut', params: ({ context, event }) => ({ plan: planServerCalls(context, event.output, true) }) },
        { type: 'setWaitingFailure', params: { failure: null } },
        'showButton',
      ],
    },
    'xstate.error.actor.loadWaitingCalls': {
      actions: { type: 'setWaitingFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
    },
    'door.open': [
      {
        guard: 'isInCallWithDoor',
        actions: { type: 'carryOut', params: ({ context }) => ({ plan: planDoorDtmf(context) }) },
      },
      { guard: 'canOpenDoor', actions: 'openDoor' },
    ],
    'xstate.done.actor.openDoor': {
      actions: [
        { type: 'setOpening', params: { opening: false } },
        { type: 'alert', params: { kind: 'success', code: 'dialer:door.opened' } },
      ],
    },
    'xstate.error.actor.openDoor': {
      actions: [
        { type: 'setOpening', params: { opening: false } },
        {
          type: 'alert',
          params: ({ event }) => ({ kind: 'error', code: `errors.http.${(event.error as CallFailure).code}` }),
        },
      ],
    },
    'keypad.press': { actions: { type: 'pressKey', params: ({ event }) => ({ key: event.key }) } },
    'keypad.backspace': { actions: 'backspace' },
    'keypad.change': { actions: { type: 'setKeypad', params: ({ event }) => ({ value: event.value }) } },
    'call.select': {
      guard: { type: 'isKnownCall', params: ({ event }) => ({ id: event.id }) },
      actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
    },
    'contacts.searchChanged': { actions: { type: 'setSearch', params: ({ event }) => ({ text: event.text }) } },
    'door.select': { actions: { type: 'setDoor', params: ({ event }) => event } },
    'registration.changed': { actions: [{ type: 'setRegistration', params: ({ event }) => event }, 'showButton'] },
    'sip.incoming': {
      actions: [
        { type: 'carryOut', params: ({ context, event }) => ({ plan: planIncoming(context, event.call) }) },
        'showButton',
      ],
    },
    'call.changed': {
      actions: [
        { type: 'applyCallChange', params: ({ event }) => event },
        'showButton',
        { type: 'raiseEnded', params: ({ event }) => event },
      ],
    },
    'call.removed': { actions: [{ type: 'dropCall', params: removedId }, 'showButton', 'reloadRecents'] },
    'realtime.message': {
      guard: { type: 'isCallUpdate', params: ({ event }) => ({ topic: event.topic, data: event.data }) },
      actions: [
        {
          type: 'carryOut',
          params: ({ context, event }) => ({
            plan: planServerCalls(context, [(event.data as unknown as { call: WaitingCall }).call], false),
          }),
        },
        'showButton',
      ],
    },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'call.accept': request(acceptOf),
        'call.join': request(joinOf),
        'call.start': [
          { guard: { type: 'canFillLastDialed', params: dialed }, actions: 'fillLastDialed' },
          { guard: { type: 'isBlank', params: dialed } },
          {
            guard: { type: 'isOwnNumber', params: dialed },
            actions: { type: 'alert', params: { kind: 'error', code: 'dialer:call.ownNumber' } },
          },
          {
            guard: 'isOffline',
            actions: { type: 'alert', params: { kind: 'warning', code: 'dialer:call.offline' } },
          },
          ...request(startOf),
        ],
        'dialer.callEnded': {
          guard: { type: 'canOfferReturn', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingReturn',
          actions: { type: 'setReturn', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    /** The active normal call will be ended (8.3). */
    confirmingEnd: { on: { 'approval.yes': approved, 'approval.no': declined, 'call.removed': pendingGone } },
    /** The awaiting call will be held (8.3). */
    confirmingHold: { on: { 'approval.yes': approved, 'approval.no': declined, 'call.removed': pendingGone } },
    /** Back to the previous call? (8.3) */
    confirmingReturn: {
      on: {
        'approval.yes': {
          target: 'idle',
          actions: [
            { type: 'carryOut', params: ({ context }) => ({ plan: planReturn(context) }) },
            'selectReturn',
            'clearReturn',
          ],
        },
        'approval.no': { target: 'idle', actions: 'clearReturn' },
        'call.removed': {
          guard: { type: 'isReturnGone', params: removedId },
          target: 'idle',
          actions: [{ type: 'dropCall', params: removedId }, 'clearReturn', 'showButton', 'reloadRecents'],
        },
      },
    },
  },
});

export type DialerMachine = typeof dialerMachine;
