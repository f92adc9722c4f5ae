import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMediaEndpoint, type ReceivedAudio, type WebRtcEndpoint } from '../../server/media/endpoint';
import { holdTone, renderTone, renderVoiceLike } from '../../server/media/tone';
import { type DoorOpenedEvent, type DoorPanel, startDoorPanel } from '../../server/simulator/door-panel';
import type { SipUserAgent } from '../../server/sip/ua/user-agent';
import { handleCounts, LOOPBACK_MEDIA, waitFor } from '../support/media';
import { buildSipTestApp, DOOR_TOKEN, eventually, NUMBERS, passwordOf, type SipTestApp } from '../support/sip';

/**
 * The door-panel simulator against the embedded SIP server whose call queue runs on the real
 * media engine: every call here carries PCMU over DTLS-SRTP on loopback, and the assertions
 * compare the bytes each side hears with what the other side plays.
 */

/** Where `frame` sits in a looped cycle, or -1. */
function frameIndexIn(cycle: Buffer, frame: Buffer): number {
  for (let offset = 0; offset + frame.length <= cycle.length; offset += frame.length) {
    if (cycle.subarray(offset, offset + frame.length).equals(frame)) return offset / frame.length;
  }
  return -1;
}
const audible = (packet: ReceivedAudio) => packet.payload.some((byte) => byte !== 0xff && byte !== 0x7f);
/** The last `n` audible packets heard all come from `cycle`. */
const lastHeardFrom = (heard: ReceivedAudio[], cycle: Buffer, n: number) => {
  const recent = heard.filter(audible).slice(-n);
  return recent.length === n && recent.every((packet) => frameIndexIn(cycle, packet.payload) >= 0);
};
function recorder(endpoint: WebRtcEndpoint): ReceivedAudio[] {
  const heard: ReceivedAudio[] = [];
  endpoint.onAudio((packet) => heard.push(packet));
  return heard;
}

/** What a concierge's browser would play: a 1 kHz tone, easy to tell from the panel and the hold tone. */
const CONCIERGE_SIGNAL = renderTone({ frequencies: [1000], amplitude: 8000, onMs: 400, offMs: 0 });

describe('door-panel simulator', () => {
  let t: SipTestApp;
  let url: string;
  const panels: DoorPanel[] = [];
  const agents: SipUserAgent[] = [];
  const endpoints: WebRtcEndpoint[] = [];
  const endpoint = () => {
    const created = createMediaEndpoint(LOOPBACK_MEDIA);
    endpoints.push(created);
    return created;
  };
  const panel = async (answerAfterMs = 100) => {
    const started = await startDoorPanel({
      url,
      number: NUMBERS.panel,
      password: passwordOf(NUMBERS.panel),
      realm: t.domain,
      answerAfterMs,
    });
    panels.push(started);
    return started;
  };
  const doorEvents = (p: DoorPanel) => {
    const events: DoorOpenedEvent[] = [];
    p.onDoorOpened((event) => events.push(event));
    return events;
  };

  beforeAll(async () => {
    t = await buildSipTestApp('sqlite', { media: () => createMediaEndpoint(LOOPBACK_MEDIA) });
    url = `wss://127.0.0.1:${t.port}`;
  });
  afterEach(async () => {
    await Promise.all(panels.splice(0).map((p) => p.stop()));
    await Promise.all(agents.splice(0).map((a) => a.close()));
    await Promise.all(endpoints.splice(0).map((e) => e.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  it('calls the concierge desk: held with the tone, bridged to the joining concierge, held again, door opened on #', async () => {
    const door = await panel();
    const opened = doorEvents(door);
    const call = await door.call(NUMBERS.desk, { speechId: 'sim-1' });
    expect(await call.answered).toBe(200);
    const panelHears = recorder(call.media);
    await waitFor(() => lastHeardFrom(panelHears, holdTone(), 20), 'the panel hears the hold tone');

    // Cora's "browser" joins the awaiting call by its speech id.
    const cora = await t.registered(NUMBERS.concierge);
    agents.push(cora);
    const browser = endpoint();
    const join = cora.call(NUMBERS.desk, { sdp: await browser.offer(), headers: { 'X-Speech-Id': 'sim-1' } });
    expect((await join.answered).status).toBe(200);
    await browser.accept(join.remoteSdp);
    await browser.whenConnected();
    browser.play(CONCIERGE_SIGNAL);
    const coraHears = recorder(browser);
    await waitFor(() => lastHeardFrom(coraHears, renderVoiceLike(), 20), 'Cora hears the panel');
    await waitFor(() => lastHeardFrom(panelHears, CONCIERGE_SIGNAL, 20), 'the panel hears Cora');

    // The door-open button: # by SIP INFO through the B2BUA, and # in the media (RFC 4733) through the bridge.
    expect((await join.info('#')).status).toBe(200);
    await waitFor(() => opened.length === 1, 'door opened by INFO');
    expect(opened[0]).toMatchObject({ number: NUMBERS.panel, via: 'info', speechId: 'sim-1' });
    expect(browser.sendDtmf('#')).toBe(true);
    await waitFor(() => opened.length === 2, 'door opened by RFC 4733');
    expect(opened[1]).toMatchObject({ via: 'rtp', speechId: 'sim-1' });

    // Hold: Cora's leg ends; the panel is back on the hold tone.
    await join.bye();
    await waitFor(() => lastHeardFrom(panelHears, holdTone(), 20), 'the hold tone again');

    // The panel hangs up: the call is over and recorded as answered by Cora.
    await door.hangup();
    expect(await call.ended).toBe('local-bye');
    expect(door.calls).toEqual([]);
    const row = await eventually(() =>
      t.db.selectFrom('call_history').selectAll().where('speech_id', '=', 'sim-1').executeTakeFirst(),
    );
    expect(row).toMatchObject({ status: 'answered', type: 'awaiting', answered_by: NUMBERS.concierge });
    expect(call.media.stats().packetsOut).toBeGreaterThan(50);
  });

  it('answers a call to its number with its voice and opens on # by INFO', async () => {
    const door = await panel(100);
    const opened = doorEvents(door);
    // The concierge may call door panels (calls.call_all); a resident may not.
    const concierge = await t.registered(NUMBERS.concierge);
    agents.push(concierge);
    const phone = endpoint();
    const call = concierge.call(NUMBERS.panel, { sdp: await phone.offer(), headers: { 'X-Speech-Id': 'sim-2' } });
    expect((await call.answered).status).toBe(200);
    expect(call.provisional.some((r) => r.status === 180)).toBe(true);
    await phone.accept(call.remoteSdp);
    const heard = recorder(phone);
    await waitFor(() => lastHeardFrom(heard, renderVoiceLike(), 20), 'the concierge hears the panel');
    expect(door.calls).toHaveLength(1);
    expect(door.calls[0]).toMatchObject({ direction: 'incoming', peer: NUMBERS.concierge, speechId: 'sim-2' });
    expect(await door.calls[0]!.answered).toBe(200);

    expect((await call.info('#')).status).toBe(200);
    await waitFor(() => opened.length === 1, 'door opened');
    expect(opened[0]).toMatchObject({ via: 'info', speechId: 'sim-2' });
    // Other digits open nothing.
    expect((await call.info('5')).status).toBe(200);
    await call.bye();
    await waitFor(() => door.calls.length === 0, 'the panel saw the BYE');
    expect(opened).toHaveLength(1);
  });

  it('opens on the console’s door-open request (INFO outside any call)', async () => {
    const door = await panel();
    const opened = doorEvents(door);
    const { token } = await t.session('concierge');
    const response = await t.call('POST', '/calls/door/open', { token, body: { token: DOOR_TOKEN } });
    expect(response.statusCode).toBe(200);
    await waitFor(() => opened.length === 1, 'door opened');
    expect(opened[0]).toMatchObject({ number: NUMBERS.panel, via: 'info-out-of-dialog', speechId: null });
  });

  it('cancels a call still ringing, and ends calls at their ceiling', async () => {
    const door = await panel();
    const cora = await t.registered(NUMBERS.concierge);
    agents.push(cora);
    // Cora's phone rings and nobody answers.
    cora.onIncoming = () => {};
    const ringing = await door.call(NUMBERS.concierge);
    await waitFor(() => door.calls.length === 1, 'ringing');
    await ringing.hangup();
    expect(await ringing.answered).toBe(487);
    expect(await ringing.ended).toBe('cancelled');

    const short = await door.call(NUMBERS.desk, { maxDurationMs: 600, signal: 'tone' });
    expect(await short.answered).toBe(200);
    expect(await short.ended).toBe('local-bye');
  });

  it('refuses a wrong password; stop() unregisters and leaves no socket or timer behind', async () => {
    await expect(startDoorPanel({ url, number: NUMBERS.panel, password: 'wrong', realm: t.domain })).rejects.toThrow(
      /REGISTER answered 40[13]/,
    );

    await waitFor(() => handleCounts().udp === 0, 'earlier media sockets closed');
    const before = handleCounts();
    const door = await startDoorPanel({
      url,
      number: NUMBERS.panel,
      password: passwordOf(NUMBERS.panel),
      realm: t.domain,
    });
    const call = await door.call(NUMBERS.desk);
    expect(await call.answered).toBe(200);
    await door.stop();
    await door.disconnected;
    expect(await call.ended).toBe('local-bye');
    await expect(door.call(NUMBERS.desk)).rejects.toThrow(/stopped/);
    // Nobody answers for the panel any more.
    const concierge = await t.registered(NUMBERS.concierge);
    agents.push(concierge);
    const phone = endpoint();
    const unreachable = concierge.call(NUMBERS.panel, { sdp: await phone.offer() });
    expect((await unreachable.answered).status).toBe(480);
    await phone.close();
    await waitFor(
      () => {
        const now = handleCounts();
        return now.udp === before.udp && now.timers <= before.timers;
      },
      `handles back to ${JSON.stringify(before)}, now ${JSON.stringify(handleCounts())}`,
    );
  });
});
