import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, type ActorRefFrom, assign, createActor, setup } from 'xstate';
import type { WaitingCall } from '../../src/contract/entities/calls';
import type { FloatingButton } from '../../src/machines/app/app.types';
import type { CallMachine } from '../../src/machines/call/call.machine';
import { selectCallStatus } from '../../src/machines/call/call.selectors';
import { callActorId } from '../../src/machines/dialer/dialer.rules';
import { sampleAccount } from '../../src/machines/sip-registration/sip-registration.fixtures';
import { createSoftphone, type SoftphoneAlert } from '../../src/services/sip/softphone';
import { fakeAgents, fakeMedia } from '../support/fake-sip';

const waiting: WaitingCall = {
  id: 'w1',
  caller: '3001',
  callee: '1000',
  status: 'waiting',
  answered_by: null,
  type: 'awaiting',
  info: { address: 'Building A', user: null },
  created_at: '2025-05-12T09:41:00.000Z',
};

/**
 * The softphone's machines with their real services, over a fake SIP agent
 * and a fake HTTP client, inside a root actor like the app's (systemId `app`,
 * collecting floating buttons).
 */
function boot(failures: Record<string, { code: string; status: number }> = {}) {
  const agents = fakeAgents();
  const requests: string[] = [];
  const answers: Record<string, unknown> = {
    'GET /calls/waiting/items': { data: [waiting] },
    'GET /sip-numbers/contacts': { data: [] },
    'GET /calls/concierge/devices/items': { data: [] },
    [`GET /calls/history/dialer/${sampleAccount.number}`]: { data: { items: [], total: 0 } },
    'POST /calls/stop': { data: true },
  };
  const answer = (method: string, path: string, body: unknown) => {
    requests.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`);
    const failure = failures[`${method} ${path}`];
    if (failure) throw failure;
    return answers[`${method} ${path}`] as never;
  };
  const http = {
    call: vi.fn(async (key: string, options?: { body?: unknown; params?: Record<string, string | number> }) => {
      const [method, template] = key.split(' ') as [string, string];
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => String(options?.params?.[name]));
      return answer(method, path, options?.body);
    }),
  } as never;
  const ringer = { start: vi.fn(), stop: vi.fn(), isRinging: () => false };
  const notifications = { ask: vi.fn(), show: vi.fn(), close: vi.fn() };
  const alerts: SoftphoneAlert[] = [];
  const softphone = createSoftphone({
    http,
    showAlert: (alert) => alerts.push(alert),
    translate: (key) => key,
    createAgent: agents.create,
    media: fakeMedia(),
    ringer,
    notifications,
    requestMedia: async () => {},
  });
  const root = setup({
    types: {
      context: {} as { buttons: FloatingButton[] },
      events: {} as { type: 'fab.upsert'; button: FloatingButton },
    },
    actors: { dialer: softphone.dialer, sipRegistration: softphone.sipRegistration },
  }).createMachine({
    context: { buttons: [] },
    invoke: [
      { id: 'dialer', src: 'dialer', systemId: 'dialer', input: { myNumber: sampleAccount.number, fabId: 7 } },
      { id: 'sipRegistration', src: 'sipRegistration', systemId: 'sipRegistration', input: { account: sampleAccount } },
    ],
    on: { 'fab.upsert': { actions: assign({ buttons: ({ context, event }) => [...context.buttons, event.button] }) } },
  });
  const app = createActor(root, { systemId: 'app' }).start();
  const dialer = app.system.get('dialer') as Actor<typeof softphone.dialer>;
  const call = (id: string) => dialer.getSnapshot().children[callActorId(id)] as ActorRefFrom<CallMachine> | undefined;
  return { app, dialer, agents, requests, ringer, notifications, alerts, call };
}

let running: { app: { stop(): void } } | null = null;
afterEach(() => running?.app.stop());

async function registered(failures: Record<string, { code: string; status: number }> = {}) {
  const env = boot(failures);
  running = env;
  await vi.waitFor(() => expect(env.agents.made).toHaveLength(1));
  env.agents.last.emit('connected');
  env.agents.last.emit('registered');
  await vi.waitFor(() => expect(env.dialer.getSnapshot().context.registration).toBe('registered'));
  return env;
}

describe('softphone over a fake SIP agent', () => {
  it('asks for media, starts the agent and shows the button: loading, then green once registered', async () => {
    const env = boot();
    running = env;
    await vi.waitFor(() => expect(env.agents.made).toHaveLength(1));
    expect(env.notifications.ask).toHaveBeenCalled();
    env.agents.last.emit('connected');
    env.agents.last.emit('registered');
    await vi.waitFor(() =>
      expect(env.app.getSnapshot().context.buttons.at(-1)).toMatchObject({ color: 'green', state: 'normal' }),
    );
    expect(env.app.getSnapshot().context.buttons[0]).toMatchObject({ id: 7, order: -100, state: 'loading' });
  });

  it('loads the waiting calls on start: the awaiting call rests, paused', async () => {
    const env = await registered();
    await vi.waitFor(() => expect(env.call('w1')).toBeDefined());
    expect(selectCallStatus(env.call('w1')!.getSnapshot())).toBe('paused');
    expect(env.requests).toContain('GET /calls/waiting/items');
  });

  it('an incoming call rings, vibrates the button, and accepting answers it and stops the ring', async () => {
    const env = await registered();
    const session = env.agents.last.ring('2002', { 'X-Speech-Id': 'in1' }, 'Rita');
    await vi.waitFor(() => expect(env.call('in1')).toBeDefined());
    expect(env.ringer.start).toHaveBeenCalledWith('in1');
    expect(env.notifications.show).toHaveBeenCalledWith('in1', {
      title: 'dialer:notification.title',
      body: 'dialer:notification.body',
    });
    expect(env.app.getSnapshot().context.buttons.at(-1)).toMatchObject({
      icon: 'phoneRinging',
      extraClass: 'animate-vibrate',
    });
    env.dialer.send({ type: 'call.accept', id: 'in1' });
    await vi.waitFor(() => expect(selectCallStatus(env.call('in1')!.getSnapshot())).toBe('active'));
    expect(session.log).toEqual(['answer audio=true video=false']);
    expect(env.ringer.stop).toHaveBeenCalledWith('in1');
    expect(env.notifications.close).toHaveBeenCalledWith('in1');
  });

  it('an outgoing call dials with its speech id, becomes active, and hang-up sends BYE', async () => {
    const env = await registered();
    env.dialer.send({ type: 'call.start', speechId: 'out1', number: '2002', video: false });
    await vi.waitFor(() => expect(env.agents.last.placed).toHaveLength(1));
    const placed = env.agents.last.placed[0]!;
    expect(placed).toMatchObject({ uri: 'sip:2002@127.0.0.1', headers: ['X-Speech-Id: out1'] });
    placed.session.emit('accepted');
    await vi.waitFor(() => expect(selectCallStatus(env.call('out1')!.getSnapshot())).toBe('active'));
    env.call('out1')!.send({ type: 'call.hangup' });
    expect(placed.session.log).toEqual(['terminate']);
    expect(selectCallStatus(env.call('out1')!.getSnapshot())).toBe('destroyed');
  });

  it('an awaiting call: join, hold (our leg hangs up), rejoin, stop through the server', async () => {
    const env = await registered();
    await vi.waitFor(() => expect(env.call('w1')).toBeDefined());
    env.dialer.send({ type: 'call.join', id: 'w1' });
    await vi.waitFor(() => expect(env.agents.last.placed).toHaveLength(1));
    const first = env.agents.last.placed[0]!;
    expect(first).toMatchObject({ uri: 'sip:1000@127.0.0.1', headers: ['X-Speech-Id: w1'] });
    first.session.emit('accepted');
    await vi.waitFor(() => expect(selectCallStatus(env.call('w1')!.getSnapshot())).toBe('active'));
    env.call('w1')!.send({ type: 'call.hold' });
    expect(first.session.log).toEqual(['terminate']);
    expect(selectCallStatus(env.call('w1')!.getSnapshot())).toBe('processed_paused');
    env.dialer.send({ type: 'call.join', id: 'w1' });
    await vi.waitFor(() => expect(env.agents.last.placed).toHaveLength(2));
    env.agents.last.placed[1]!.session.emit('accepted');
    await vi.waitFor(() => expect(selectCallStatus(env.call('w1')!.getSnapshot())).toBe('active'));
    env.call('w1')!.send({ type: 'call.hangup' });
    await vi.waitFor(() => expect(selectCallStatus(env.call('w1')!.getSnapshot())).toBe('destroyed'));
    expect(env.requests).toContain('POST /calls/stop {"speech_id":"w1"}');
  });

  it('a refused stop shows the catalogue error and the call rests again; calling oneself is refused', async () => {
    const env = await registered({ 'POST /calls/stop': { code: 'item not found', status: 404 } });
    await vi.waitFor(() => expect(env.call('w1')).toBeDefined());
    env.call('w1')!.send({ type: 'call.hangup' });
    await vi.waitFor(() => expect(env.alerts).toEqual([{ kind: 'error', code: 'errors.http.item not found' }]));
    expect(selectCallStatus(env.call('w1')!.getSnapshot())).toBe('paused');
    env.dialer.send({ type: 'call.start', speechId: 'own', number: sampleAccount.number, video: false });
    expect(env.alerts.at(-1)).toEqual({ kind: 'error', code: 'dialer:call.ownNumber' });
  });

  it('logout (stopping the root) hangs up and stops the agent', async () => {
    const env = await registered();
    const session = env.agents.last.ring('2002', { 'X-Speech-Id': 'in2' });
    await vi.waitFor(() => expect(env.call('in2')).toBeDefined());
    env.app.stop();
    running = null;
    expect(session.log).toContain('terminate 603');
    expect(env.agents.last.log).toContain('stop');
    expect(env.ringer.stop).toHaveBeenCalledWith('in2');
  });
});
