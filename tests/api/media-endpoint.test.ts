import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { createMediaEndpoint, type ReceivedAudio, type WebRtcEndpoint } from '../../server/media/endpoint';
import { pacedCount } from '../../server/media/media-clock';
import { holdTone, renderVoiceLike } from '../../server/media/tone';
import { MediaError } from '../../server/media/types';
import { connectedPair, handleCounts, LOOPBACK_MEDIA, waitFor } from '../support/media';

/**
 * The media engine over real UDP on loopback: werift peers in this process, ICE, DTLS-SRTP,
 * PCMU. The call shape is the awaiting call's: caller ↔ [leg A | server | leg B] ↔ concierge.
 */

const open: WebRtcEndpoint[] = [];
const track = <T extends WebRtcEndpoint[]>(...endpoints: T): T => {
  open.push(...endpoints);
  return endpoints;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((endpoint) => endpoint.close()));
});

/** Records the payloads an endpoint receives. */
function recorder(endpoint: WebRtcEndpoint): ReceivedAudio[] {
  const packets: ReceivedAudio[] = [];
  endpoint.onAudio((packet) => packets.push(packet));
  return packets;
}

/** Where `frame` sits in a looped cycle, or -1: proves a payload crossed the server untouched. */
function frameIndexIn(cycle: Buffer, frame: Buffer): number {
  for (let offset = 0; offset + frame.length <= cycle.length; offset += frame.length) {
    if (cycle.subarray(offset, offset + frame.length).equals(frame)) return offset / frame.length;
  }
  return -1;
}

/** An audible frame: not silence, so it identifies its place in the cycle. */
const audible = (packet: ReceivedAudio) => packet.payload.some((byte) => byte !== 0xff && byte !== 0x7f);

describe('media endpoint', () => {
  it('negotiates PCMU over one loopback host candidate and DTLS-SRTP, and audio flows both ways', async () => {
    const offerer = track(createMediaEndpoint(LOOPBACK_MEDIA))[0];
    const answerer = track(createMediaEndpoint(LOOPBACK_MEDIA))[0];
    const offer = await offerer.offer();
    const candidates = offer.split('\r\n').filter((line) => line.startsWith('a=candidate:'));
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatch(/ udp \d+ 127\.0\.0\.1 \d+ typ host/);
    expect(offer).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0 101$/m);
    expect(offer).toContain('a=fingerprint:sha-256 ');
    const answer = await answerer.answer(offer);
    expect(answer).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0 101$/m);
    // Offered the choice, the answering endpoint is the DTLS server (werift's client is the fragile side).
    expect(offer).toContain('a=setup:actpass');
    expect(answer).toContain('a=setup:passive');
    await offerer.accept(answer);
    await Promise.all([offerer.whenConnected(), answerer.whenConnected()]);

    offerer.playHoldTone();
    answerer.playHoldTone();
    await waitFor(() => offerer.stats().packetsIn >= 25 && answerer.stats().packetsIn >= 25, 'packets both ways');
    for (const stats of [offerer.stats(), answerer.stats()]) {
      expect(stats.bytesIn).toBe(stats.packetsIn * 160);
      expect(stats.bytesOut).toBe(stats.packetsOut * 160);
    }
  });

  it('the hold tone sends 50 packets a second of the tone, unmodified, in sequence', async () => {
    const [server, caller] = track(...(await connectedPair()));
    const heard = recorder(caller);
    server.playHoldTone();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    server.stopHoldTone();
    const sent = server.stats().packetsOut;
    // 1.2 s at 50/s; the 20 ms clock may run a tick late under load, never fast.
    expect(sent).toBeGreaterThanOrEqual(50);
    expect(sent).toBeLessThanOrEqual(62);
    await waitFor(() => heard.length >= sent - 2, 'the tone arrives');
    // The first second of the cycle is the 425 Hz burst: the frames heard are the cycle's, in order.
    const cycle = holdTone();
    const inOrder = heard
      .slice(0, 45)
      .map((packet, i) => packet.payload.equals(cycle.subarray(i * 160, i * 160 + 160)));
    expect(inOrder).toEqual(Array.from({ length: 45 }, () => true));
    for (let i = 1; i < heard.length; i++) {
      expect(heard[i]!.sequenceNumber).toBe((heard[i - 1]!.sequenceNumber + 1) & 0xffff);
    }
    // Stopped means stopped.
    const after = caller.stats().packetsIn;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(caller.stats().packetsIn - after).toBeLessThanOrEqual(1);
  });

  it('a bridge relays both ways without transcoding, and a closed leg puts the caller back on hold', async () => {
    // caller ↔ legA (server) … legB (server) ↔ concierge
    const [caller, legA] = track(...(await connectedPair()));
    const [legB, concierge] = track(...(await connectedPair()));
    const voice = renderVoiceLike();
    const concierge_voice = holdTone();
    const heardByConcierge = recorder(concierge);
    const heardByCaller = recorder(caller);

    legA.playHoldTone();
    caller.play(voice);
    concierge.play(concierge_voice);
    await waitFor(() => heardByCaller.length >= 10, 'the caller hears the hold tone first');
    expect(heardByCaller.slice(0, 10).every((p) => frameIndexIn(holdTone(), p.payload) >= 0)).toBe(true);

    legA.bridge(legB);
    expect(legA.bridgedTo).toBe(legB);
    expect(legB.bridgedTo).toBe(legA);
    const mark = { caller: heardByCaller.length, concierge: heardByConcierge.length };
    await waitFor(
      () =>
        heardByConcierge.slice(mark.concierge).filter(audible).length >= 20 && heardByCaller.length - mark.caller >= 40,
      'audio across the bridge',
    );
    // The concierge hears the caller's voice frames byte for byte.
    const fromCaller = heardByConcierge.slice(mark.concierge).filter(audible);
    expect(fromCaller.every((p) => frameIndexIn(voice, p.payload) >= 0)).toBe(true);
    // The concierge's one stream stays continuous across the switch from nothing to the bridge.
    const relayed = heardByConcierge.slice(mark.concierge);
    for (let i = 1; i < relayed.length; i++) {
      expect(relayed[i]!.sequenceNumber).toBe((relayed[i - 1]!.sequenceNumber + 1) & 0xffff);
    }
    // The caller's stream switches from the hold tone to the concierge with a marked packet and no sequence gap.
    const switchAt = heardByCaller.findIndex((p, i) => i >= mark.caller && p.marker);
    expect(switchAt).toBeGreaterThanOrEqual(mark.caller - 1);
    expect(heardByCaller[switchAt]!.sequenceNumber).toBe((heardByCaller[switchAt - 1]!.sequenceNumber + 1) & 0xffff);
    expect(legA.stats().packetsIn).toBeGreaterThan(0);
    expect(legB.stats().packetsOut).toBeGreaterThanOrEqual(fromCaller.length);

    // HOLD: the concierge's leg goes away; the caller hears the hold tone again.
    await legB.close();
    expect(legA.bridgedTo).toBeNull();
    const resumed = heardByCaller.length;
    await waitFor(() => heardByCaller.length - resumed >= 60, 'the hold tone resumes');
    const afterHold = heardByCaller.slice(-30);
    expect(afterHold.every((p) => frameIndexIn(holdTone(), p.payload) >= 0)).toBe(true);
  });

  it('DTMF: RFC 4733 digits are reported once and cross the bridge', async () => {
    const [caller, legA] = track(...(await connectedPair()));
    const [legB, concierge] = track(...(await connectedPair()));
    legA.bridge(legB);
    const atServer: string[] = [];
    const atPanel: string[] = [];
    legB.onDtmf((digit) => atServer.push(digit));
    caller.onDtmf((digit) => atPanel.push(digit));
    concierge.playHoldTone();
    expect(concierge.sendDtmf('1#')).toBe(true);
    await waitFor(() => atPanel.length >= 2, 'digits at the caller');
    expect(atServer).toEqual(['1', '#']);
    expect(atPanel).toEqual(['1', '#']);
    expect(concierge.sendDtmf('x')).toBe(false);
    expect(concierge.sendDtmf('')).toBe(false);
  });

  it('asks only the configured STUN server, and none when none is configured', async () => {
    const stun = createSocket('udp4');
    const requests: Buffer[] = [];
    stun.on('message', (message) => requests.push(message));
    await new Promise<void>((resolve) => stun.bind(0, '127.0.0.1', resolve));
    try {
      const withStun = track(
        createMediaEndpoint({ ...LOOPBACK_MEDIA, stunServers: [`127.0.0.1:${stun.address().port}`] }),
      )[0];
      await withStun.offer();
      await waitFor(() => requests.length > 0, 'a STUN request');
      // A STUN Binding request: type 0x0001, magic cookie 0x2112A442.
      expect(requests[0]!.readUInt16BE(0)).toBe(0x0001);
      expect(requests[0]!.readUInt32BE(4)).toBe(0x2112a442);
    } finally {
      stun.close();
    }
    // werift would fall back to stun.l.google.com; without configured servers there is no STUN server at all.
    const without = track(createMediaEndpoint(LOOPBACK_MEDIA))[0];
    const started = Date.now();
    await without.offer();
    expect(Date.now() - started).toBeLessThan(1000);
    const agents = (without as unknown as { pc: RTCPeerConnection }).pc.iceTransports.map((t) => t.connection);
    expect(agents.length).toBeGreaterThan(0);
    expect(agents.map((agent) => agent.stunServer)).toEqual(agents.map(() => undefined));
  });

  it('refuses what makes no sense', async () => {
    const endpoint = track(createMediaEndpoint(LOOPBACK_MEDIA))[0];
    await expect(endpoint.accept('v=0\r\n')).rejects.toBeInstanceOf(MediaError);
    expect(() => endpoint.bridge(endpoint)).toThrow(TypeError);
    expect(() => endpoint.play(Buffer.alloc(100))).toThrow(RangeError);
    await expect(endpoint.answer('v=0\r\ns=-\r\nm=video 9 RTP/AVP 96\r\n')).rejects.toMatchObject({
      code: 'incompatible_sdp',
    });
    await endpoint.close();
    await expect(endpoint.offer()).rejects.toMatchObject({ code: 'closed' });
    expect(endpoint.sendDtmf('1')).toBe(false);
  });

  it('closing leaves no sockets, timers or paced sources behind', async () => {
    // Sockets of the earlier tests' endpoints close asynchronously after close() resolves.
    await waitFor(() => handleCounts().udp === 0, 'earlier sockets closed');
    const before = handleCounts();
    const [a, b] = await connectedPair();
    const [c, d] = await connectedPair();
    a.playHoldTone();
    c.playHoldTone();
    b.bridge(c);
    d.sendDtmf('123');
    await waitFor(() => d.stats().packetsIn > 10, 'media flowing');
    // One socket per endpoint: one host candidate, audio bundled with RTCP.
    expect(handleCounts().udp).toBe(4);
    expect(pacedCount()).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close(), c.close(), d.close()]);
    await a.close(); // twice is harmless
    expect(pacedCount()).toBe(0);
    await waitFor(
      () => {
        const now = handleCounts();
        return now.udp === before.udp && now.timers <= before.timers;
      },
      `handles back to ${JSON.stringify(before)}, now ${JSON.stringify(handleCounts())}`,
    );
  });
});
