import { describe, expect, it, vi } from 'vitest';
import { DTMF } from '../../src/contract/constants';
import { sampleAccount } from '../../src/machines/sip-registration/sip-registration.fixtures';
import { createPhone, MISSING_SESSION } from '../../src/services/sip/phone';
import { fakeAgents, fakeMedia } from '../support/fake-sip';

function setup() {
  const agents = fakeAgents();
  const media = fakeMedia();
  const timers: (() => void)[] = [];
  const phone = createPhone({
    createAgent: agents.create,
    media,
    now: () => 1234,
    setTimer: (fn) => timers.push(fn),
  });
  const facts: unknown[] = [];
  const incoming: unknown[] = [];
  phone.start(
    sampleAccount,
    (fact) => facts.push(fact),
    (call) => incoming.push(call) > 0,
  );
  return { phone, agents, media, timers, facts, incoming };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('phone: registration', () => {
  it('starts a user agent for the account and reports its facts', () => {
    const { agents, facts } = setup();
    expect(agents.last.account).toEqual(sampleAccount);
    expect(agents.last.log).toEqual(['start']);
    agents.last.emit('registered');
    agents.last.emit('registrationFailed', { cause: 'Authentication Error' });
    agents.last.emit('disconnected', { cause: 'Connection Error' });
    expect(facts).toEqual([
      { type: 'sip.registered' },
      { type: 'sip.registrationFailed', cause: 'Authentication Error' },
      { type: 'sip.disconnected', cause: 'Connection Error' },
    ]);
  });

  it('registers over a connected transport, or as soon as it connects', () => {
    const { phone, agents } = setup();
    phone.register(() => {});
    expect(agents.last.log).toEqual(['start']);
    agents.last.emit('connected');
    expect(agents.last.log).toEqual(['start', 'register']);
    phone.register(() => {});
    expect(agents.last.log).toEqual(['start', 'register', 'register']);
    agents.last.emit('connected');
    expect(agents.last.log).toHaveLength(3);
  });

  it('without an agent, a registration reports the transport down (the machine retries)', async () => {
    const { phone } = setup();
    phone.stop();
    const facts: unknown[] = [];
    phone.register((fact) => facts.push(fact));
    await flush();
    expect(facts).toEqual([{ type: 'sip.disconnected', cause: 'Connection Error' }]);
  });

  it('stop hangs up every session, unregisters and stops the agent', () => {
    const { phone, agents } = setup();
    agents.last.emit('connected');
    const session = agents.last.ring('2002', { 'X-Speech-Id': 's1' });
    phone.stop();
    expect(session.log).toEqual(['terminate']);
    expect(agents.last.log).toEqual(['start', 'unregister', 'stop']);
  });
});

describe('phone: sessions', () => {
  it('dials sip:{number}@{host} with the speech id header and reports accepted and ended', () => {
    const { phone, agents, timers } = setup();
    const facts: unknown[] = [];
    phone.openSession({ speechId: 's1', mode: 'dial', target: '2002', video: true }, (f) => facts.push(f));
    const placed = agents.last.placed[0]!;
    expect(placed.uri).toBe('sip:2002@127.0.0.1');
    expect(placed.headers).toEqual(['X-Speech-Id: s1']);
    expect(placed.video).toBe(true);
    const ready = vi.fn();
    placed.session.emit('icecandidate', { ready });
    placed.session.emit('icecandidate', { ready });
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(ready).toHaveBeenCalledTimes(1);
    placed.session.emit('accepted');
    placed.session.emit('ended', { cause: 'BYE' });
    expect(facts).toEqual([
      { type: 'session.accepted', at: 1234 },
      { type: 'session.ended', cause: 'BYE' },
    ]);
  });

  it('joins an awaiting call: INVITE to its callee with its speech id', () => {
    const { phone, agents } = setup();
    phone.openSession({ speechId: 'w1', mode: 'join', target: '1000', video: false }, () => {});
    expect(agents.last.placed[0]).toMatchObject({ uri: 'sip:1000@127.0.0.1', headers: ['X-Speech-Id: w1'] });
  });

  it('reads the custom headers of an incoming INVITE', () => {
    const { agents, incoming } = setup();
    agents.last.ring(
      '3001',
      { 'X-Speech-Id': 'w9', 'X-Sos-Call': '1', 'X-Speech-Type': 'awaiting', 'X-Target-Callee': '1000' },
      'Door A',
    );
    expect(incoming).toEqual([
      {
        speechId: 'w9',
        number: '3001',
        callee: '1000',
        type: 'awaiting',
        sosCall: true,
        displayName: 'Door A',
        video: false,
      },
    ]);
  });

  it('an INVITE without headers gets a speech id and our number as callee; nobody to take it declines it', () => {
    const agents = fakeAgents();
    const phone = createPhone({ createAgent: agents.create, media: fakeMedia() });
    const seen: { speechId: string; callee: string; type: string }[] = [];
    phone.start(
      sampleAccount,
      () => {},
      (call) => seen.push(call) < 0,
    );
    const session = agents.last.ring('2002');
    expect(seen[0]?.speechId).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[0]).toMatchObject({ callee: sampleAccount.number, type: 'normal' });
    expect(session.log).toEqual(['terminate 603']);
  });

  it('answers, sends DTMF # by INFO for 160 ms, mutes, sets the volume and hangs up', () => {
    const { phone, agents, media } = setup();
    const session = agents.last.ring('2002', { 'X-Speech-Id': 's2' });
    const opened = phone.openSession({ speechId: 's2', mode: 'attach', target: '2002', video: false }, () => {});
    opened.command({ type: 'session.dtmf', tone: '#', duration: DTMF.inCallMs });
    opened.command({ type: 'session.answer', video: false });
    opened.command({ type: 'session.dtmf', tone: '#', duration: DTMF.inCallMs });
    opened.command({ type: 'session.mute', muted: true });
    opened.command({ type: 'session.mute', muted: false });
    opened.command({ type: 'session.video', enabled: false });
    opened.command({ type: 'session.volume', volume: 0.3 });
    opened.close();
    expect(session.log).toEqual([
      'answer audio=true video=false',
      'dtmf # 160ms INFO',
      'mute audio',
      'unmute audio',
      'mute video',
      'terminate',
    ]);
    expect(media.log).toEqual(['volume s2 0.3', 'release s2']);
  });

  it('closing a ringing call declines it (603); closing an ended one sends nothing', () => {
    const { phone, agents } = setup();
    const ringing = agents.last.ring('2002', { 'X-Speech-Id': 's3' });
    phone.openSession({ speechId: 's3', mode: 'attach', target: '2002', video: false }, () => {}).close();
    expect(ringing.log).toEqual(['terminate 603']);
    const ended = agents.last.ring('2002', { 'X-Speech-Id': 's4' });
    const opened = phone.openSession({ speechId: 's4', mode: 'attach', target: '2002', video: false }, () => {});
    ended.emit('ended', { cause: 'Canceled' });
    opened.close();
    expect(ended.log).toEqual([]);
  });

  it('a missing session fails quietly and ignores commands (8.3)', async () => {
    const { phone } = setup();
    const facts: unknown[] = [];
    const opened = phone.openSession({ speechId: 'gone', mode: 'attach', target: '2002', video: false }, (f) =>
      facts.push(f),
    );
    opened.command({ type: 'session.answer', video: false });
    opened.close();
    await flush();
    expect(facts).toEqual([{ type: 'session.failed', cause: MISSING_SESSION }]);
  });

  it('connects the peer connection to the media sink when it appears', () => {
    const { phone, agents, media } = setup();
    const session = agents.last.ring('2002', { 'X-Speech-Id': 's5' });
    phone.openSession({ speechId: 's5', mode: 'attach', target: '2002', video: false }, () => {});
    session.emit('peerconnection', { peerconnection: {} as RTCPeerConnection });
    expect(media.log).toEqual(['connect s5']);
  });
});
