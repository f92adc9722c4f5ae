import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { SIP_RETRY_AFTER_ERROR_MS, SIP_RETRY_AFTER_INVALID_REGISTRATION_MS } from '../../src/contract/constants';
import { sampleAccount, sipRegistrationFixtures } from '../../src/machines/sip-registration/sip-registration.fixtures';
import {
  type RegistrationStatus,
  type SipAccount,
  type SipRegistrationEvent,
  sipRegistrationMachine,
  type UserAgentCommand,
} from '../../src/machines/sip-registration/sip-registration.machine';
import { selectRegistrationStatus } from '../../src/machines/sip-registration/sip-registration.selectors';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  quietActions,
  replay,
  sends,
  starts,
  stops,
} from '../support/model-based';

/** Registration with a user agent that records its account, commands and shutdown. */
function stubbed() {
  const effects = {
    reports: [] as string[],
    started: [] as SipAccount[],
    commands: [] as string[],
    stopped: vi.fn(),
  };
  const machine = sipRegistrationMachine.provide({
    actors: {
      requestMedia: pendingActor(),
      userAgent: fromCallback<UserAgentCommand, SipAccount>(({ input, receive }) => {
        effects.started.push(input);
        receive((command) => effects.commands.push(command.type));
        return effects.stopped;
      }),
    },
    actions: { report: (_, params) => effects.reports.push(params.status) },
  });
  return { machine, effects };
}

const events = [
  { type: 'sip.registered' },
  { type: 'sip.unregistered' },
  { type: 'sip.registrationFailed', cause: 'Authentication Error' },
  { type: 'sip.disconnected', cause: 'Connection Error' },
  { type: 'registration.start' },
  { type: 'registration.stop' },
  { type: 'media.retry' },
  { type: 'xstate.done.actor.requestMedia' },
  { type: 'xstate.error.actor.requestMedia', error: { name: 'NotAllowedError' } },
  { type: 'xstate.after.retryAfterError.sipRegistration.running.error' },
  { type: 'xstate.after.retryAfterInvalid.sipRegistration.running.invalid_registration' },
] as unknown as SipRegistrationEvent[];

const input = { account: sampleAccount };
const granted = { type: 'xstate.done.actor.requestMedia' } as unknown as SipRegistrationEvent;

const modelMachine = sipRegistrationMachine.provide({
  actors: { requestMedia: pendingActor(), userAgent: fromCallback(() => () => {}) },
  actions: quietActions('report'),
});
type Step = ModelStep<typeof modelMachine>;

/** The status of section 4 (and the media step before it) each state shows, written out here. */
const STATUS: Record<string, RegistrationStatus> = {
  '"requestingMedia"': 'requestingMedia',
  '"mediaDenied"': 'mediaDenied',
  ...Object.fromEntries(
    (['registering', 'registered', 'unregistering', 'unregistered', 'error', 'invalid_registration'] as const).map(
      (status) => [JSON.stringify({ running: status }), status],
    ),
  ),
};
const statusOf = (s: Step['after'] | null) => (s === null ? null : STATUS[JSON.stringify(s.value)]);
const entered = (step: Step, status: RegistrationStatus) =>
  statusOf(step.after) === status && statusOf(step.before) !== status;
const RETRY: Partial<Record<RegistrationStatus, number>> = {
  error: SIP_RETRY_AFTER_ERROR_MS,
  invalid_registration: SIP_RETRY_AFTER_INVALID_REGISTRATION_MS,
};

describeModel('sipRegistration', {
  machine: modelMachine,
  events,
  input,
  fixtures: sipRegistrationFixtures,
  invariants: {
    'the user agent runs exactly once media access is granted': (s) => {
      expect('userAgent' in s.children).toBe(s.matches('running'));
      expect('requestMedia' in s.children).toBe(s.matches('requestingMedia'));
    },
    'registered carries no failure': (s) => {
      if (s.matches({ running: 'registered' })) expect(s.context.cause).toBeNull();
    },
  },
  rules: {
    'retries 5 s after a transport error and 30 s after a refused registration, and never otherwise': (step) => {
      const status = statusOf(step.after);
      const retry = status ? RETRY[status] : undefined;
      expect(step.pending.map((t) => t.delay)).toEqual(retry === undefined ? [] : [retry]);
      if (status && retry !== undefined && entered(step, status))
        expect(step.effects.scheduled.map((t) => t.delay)).toEqual([retry]);
    },
    'a retry registers again': (step) => {
      if (!step.timed) return;
      expect(statusOf(step.after)).toBe('registering');
      expect(sends(step, 'userAgent')).toEqual([{ type: 'ua.register' }]);
    },
    'the user agent registers on entering registering and unregisters on entering unregistering': (step) => {
      const expected = [
        ...(entered(step, 'registering') ? [{ type: 'ua.register' }] : []),
        ...(entered(step, 'unregistering') ? [{ type: 'ua.unregister' }] : []),
      ];
      expect(sends(step, 'userAgent')).toEqual(expected);
    },
    'the user agent starts with the account once media is allowed, and stops when leaving': (step) => {
      const running = (s: Step['before']) => s?.matches('running') === true;
      expect(starts(step, 'userAgent')).toEqual(running(step.after) && !running(step.before) ? [sampleAccount] : []);
      if (running(step.before) && !running(step.after)) expect(stops(step, 'userAgent')).toBe(true);
    },
    'the dialer hears every status': (step) => {
      const status = statusOf(step.after);
      const changed = step.before === null || statusOf(step.before) !== status;
      expect(calls(step, 'report')).toEqual(changed ? [{ status }] : []);
    },
  },
});

describe('sip registration behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for media first, then starts the user agent with the account and registers', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, []);
    expect(effects.started).toEqual([]);
    actor.send(granted);
    expect(effects.started).toEqual([sampleAccount]);
    expect(effects.commands).toEqual(['ua.register']);
    actor.send({ type: 'sip.registered' });
    expect(effects.reports).toEqual(['requestingMedia', 'registering', 'registered']);
  });

  it('a refused media request waits for the user to ask again', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      { type: 'xstate.error.actor.requestMedia', error: new DOMException('no', 'NotAllowedError') } as never,
    ]);
    expect(selectRegistrationStatus(actor.getSnapshot())).toBe('mediaDenied');
    expect(actor.getSnapshot().context.cause).toBe('NotAllowedError');
    vi.advanceTimersByTime(60_000);
    expect(effects.started).toEqual([]);
    actor.send({ type: 'media.retry' });
    expect(selectRegistrationStatus(actor.getSnapshot())).toBe('requestingMedia');
  });

  it('retries every 5 s after a transport error', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [granted, { type: 'sip.disconnected', cause: 'Connection Error' }]);
    expect(selectRegistrationStatus(actor.getSnapshot())).toBe('error');
    vi.advanceTimersByTime(SIP_RETRY_AFTER_ERROR_MS - 1);
    expect(effects.commands).toEqual(['ua.register']);
    vi.advanceTimersByTime(1);
    expect(effects.commands).toEqual(['ua.register', 'ua.register']);
    actor.send({ type: 'sip.disconnected', cause: 'Connection Error' });
    vi.advanceTimersByTime(SIP_RETRY_AFTER_ERROR_MS);
    expect(effects.commands).toHaveLength(3);
  });

  it('retries after 30 s when the registration is refused', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [granted, { type: 'sip.registrationFailed', cause: 'Authentication Error' }]);
    expect(selectRegistrationStatus(actor.getSnapshot())).toBe('invalid_registration');
    expect(actor.getSnapshot().context.cause).toBe('Authentication Error');
    vi.advanceTimersByTime(SIP_RETRY_AFTER_INVALID_REGISTRATION_MS - 1);
    expect(effects.commands).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(effects.commands).toHaveLength(2);
  });

  it('does not retry while registering or when taken offline', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [granted]);
    vi.advanceTimersByTime(120_000);
    expect(effects.commands).toEqual(['ua.register']);
    actor.send({ type: 'sip.registered' });
    actor.send({ type: 'registration.stop' });
    expect(effects.commands).toEqual(['ua.register', 'ua.unregister']);
    actor.send({ type: 'sip.unregistered' });
    vi.advanceTimersByTime(120_000);
    expect(selectRegistrationStatus(actor.getSnapshot())).toBe('unregistered');
    expect(effects.commands).toHaveLength(2);
    actor.send({ type: 'registration.start' });
    expect(effects.commands).toEqual(['ua.register', 'ua.unregister', 'ua.register']);
  });

  it('stopping the actor (logout) shuts the user agent down', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [granted, { type: 'sip.registered' }]);
    actor.stop();
    expect(effects.stopped).toHaveBeenCalledTimes(1);
  });
});
