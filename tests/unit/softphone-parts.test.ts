import { describe, expect, it, vi } from 'vitest';
import { FLOATING_ACTION } from '../../src/contract/constants';
import type { CallSummary } from '../../src/machines/call/call.types';
import { highlightParts, searchContacts } from '../../src/machines/dialer/contact-search';
import { sampleContacts, sampleSummaries } from '../../src/machines/dialer/dialer.fixtures';
import { dialerButton, engagedCall } from '../../src/machines/dialer/dialer.rules';
import { createCallNotifications, type NotificationApi } from '../../src/services/sip/call-notifications';
import { MEDIA_DEVICES_MISSING, requestMediaAccess } from '../../src/services/sip/media';
import { createRinger, type Player } from '../../src/services/sip/ringer';
import { formatDuration } from '../../src/ui/dialer/format';

describe('contact search (5)', () => {
  it('matches trimmed and case-insensitive over user name, contact name, number and description', () => {
    const names = (text: string) => searchContacts(sampleContacts, text).map((c) => c.number);
    expect(names('')).toHaveLength(5);
    expect(names('   ')).toHaveLength(5);
    expect(names(' CARLA ')).toEqual(['1002']);
    expect(names('desk')).toEqual(['1002']);
    expect(names('200')).toEqual(['2002', '2003']);
    expect(names('building b')).toEqual(['2003']);
    expect(names('nobody')).toEqual([]);
  });

  it('cuts a text into plain and highlighted parts, every occurrence, whatever the case', () => {
    expect(highlightParts('Rita Resident', ' re')).toEqual([
      { text: 'Rita ', match: false },
      { text: 'Re', match: true },
      { text: 'sident', match: false },
    ]);
    expect(highlightParts('aAa', 'a').filter((p) => p.match)).toHaveLength(3);
    expect(highlightParts('Rita', '')).toEqual([{ text: 'Rita', match: false }]);
  });
});

describe('dialer rules', () => {
  const calls = (...list: CallSummary[]) => ({ fabId: 7, calls: list });

  it('the floating button: loading, green, locked phone, red, ringing; dialer order -100 and a badge of waiting calls', () => {
    expect(dialerButton({ ...calls(), registration: 'registering' })).toMatchObject({
      state: 'loading',
      icon: 'phone',
    });
    expect(dialerButton({ ...calls(), registration: 'registered' })).toMatchObject({
      id: 7,
      order: FLOATING_ACTION.dialerOrder,
      state: 'normal',
      color: 'green',
      click: { systemId: 'dialer', event: { type: 'panel.toggle' } },
      badge: undefined,
    });
    expect(dialerButton({ ...calls(), registration: 'unregistered' })).toMatchObject({
      icon: 'phoneLocked',
      color: 'orange',
    });
    expect(dialerButton({ ...calls(), registration: 'error' })).toMatchObject({ color: 'red' });
    expect(dialerButton({ ...calls(), registration: 'invalid_registration' })).toMatchObject({ color: 'red' });
    const waiting = { ...sampleSummaries.awaitingActive, id: 'w', status: 'paused' as const, hasSIPSession: false };
    expect(dialerButton({ ...calls(sampleSummaries.ringing, waiting), registration: 'registered' })).toMatchObject({
      icon: 'phoneRinging',
      extraClass: 'animate-vibrate',
      badge: { text: '1' },
    });
  });

  it('the engaged call is the one in conversation, joining or dialing out; a ringing call is not', () => {
    expect(engagedCall([sampleSummaries.ringing], null)).toBeNull();
    expect(engagedCall([sampleSummaries.ringing, sampleSummaries.active], null)?.id).toBe(sampleSummaries.active.id);
    expect(engagedCall([sampleSummaries.active], sampleSummaries.active.id)).toBeNull();
    const dialing = { ...sampleSummaries.active, status: 'calling' as const };
    expect(engagedCall([dialing], null)?.id).toBe(dialing.id);
  });

  it('formats durations as m:ss and h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(83)).toBe('1:23');
    expect(formatDuration(3_723)).toBe('1:02:03');
  });
});

describe('softphone services', () => {
  it('the ring sounds while any call rings and stops with the last', () => {
    const player: Player = { loop: false, currentTime: 3, play: vi.fn(async () => {}), pause: vi.fn() };
    const ringer = createRinger(() => player);
    ringer.start('a');
    ringer.start('b');
    expect(player.play).toHaveBeenCalledTimes(1);
    expect(player.loop).toBe(true);
    ringer.stop('a');
    expect(player.pause).not.toHaveBeenCalled();
    ringer.stop('b');
    expect(player.pause).toHaveBeenCalledTimes(1);
    expect(ringer.isRinging()).toBe(false);
  });

  it('desktop notifications of incoming calls: shown when granted, closed with the call, asked once', () => {
    const closed = vi.fn();
    const api: NotificationApi = {
      permission: 'granted',
      requestPermission: vi.fn(async () => 'granted' as const),
      create: vi.fn(() => ({ close: closed })),
    };
    const notes = createCallNotifications(api);
    notes.ask();
    expect(api.requestPermission).not.toHaveBeenCalled();
    notes.show('a', { title: 'Incoming call', body: '2002 is calling' });
    notes.show('a', { title: 'Incoming call', body: '2002 is calling' });
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith(
      'Incoming call',
      expect.objectContaining({ body: '2002 is calling', tag: 'call-a' }),
      expect.any(Function),
    );
    notes.close('a');
    expect(closed).toHaveBeenCalledTimes(1);
    const denied = createCallNotifications({ ...api, permission: 'default', create: vi.fn() });
    denied.ask();
    denied.show('b', { title: 't', body: 'b' });
    expect(api.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('media access: asks for the microphone and releases it; a missing media interface is detected', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream);
    await requestMediaAccess({ mediaDevices: { getUserMedia } as unknown as MediaDevices });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(stop).toHaveBeenCalled();
    await expect(requestMediaAccess({} as Navigator)).rejects.toEqual({ name: MEDIA_DEVICES_MISSING });
  });
});
