import { describe, expect, it } from 'vitest';
import { prepareOffer, restoreRejected } from '../../../server/media/sdp';
import { MediaError } from '../../../server/media/types';

/** The shape of Chromium's offer for an audio + video call with a data channel (trimmed). */
const BROWSER_OFFER = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1 2',
  'a=msid-semantic: WMS',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 0 8 110 126',
  'c=IN IP4 0.0.0.0',
  'a=mid:0',
  'a=rtpmap:111 opus/48000/2',
  'a=rtcp-fb:111 transport-cc',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:0 PCMU/8000',
  'a=rtpmap:8 PCMA/8000',
  'a=rtpmap:110 telephone-event/48000',
  'a=rtpmap:126 telephone-event/8000',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97',
  'c=IN IP4 0.0.0.0',
  'a=mid:1',
  'a=rtpmap:96 VP8/90000',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=mid:2',
  '',
].join('\r\n');

describe('offer preparation for werift', () => {
  it('keeps the audio section, rejects the others and drops their mids from BUNDLE', () => {
    const prepared = prepareOffer(BROWSER_OFFER);
    expect(prepared.sdp).toContain('a=group:BUNDLE 0\r\n');
    expect(prepared.sdp).toContain('m=audio 9 UDP/TLS/RTP/SAVPF 111 0 8 126\r\n');
    expect(prepared.sdp).not.toContain('m=video');
    expect(prepared.sdp).not.toContain('m=application');
    expect(prepared.rejected).toEqual([
      { index: 1, media: 'video', proto: 'UDP/TLS/RTP/SAVPF', format: '96', mid: '1' },
      { index: 2, media: 'application', proto: 'UDP/DTLS/SCTP', format: 'webrtc-datachannel', mid: '2' },
    ]);
  });

  it('drops telephone-event at 48 kHz, which werift would answer next to the 8 kHz one', () => {
    const { sdp } = prepareOffer(BROWSER_OFFER);
    expect(sdp).not.toContain('telephone-event/48000');
    expect(sdp).toContain('a=rtpmap:126 telephone-event/8000\r\n');
    expect(sdp).toContain('a=fmtp:111 minptime=10;useinbandfec=1\r\n');
  });

  it('puts the rejected sections back into the answer with port 0, in order', () => {
    const prepared = prepareOffer(BROWSER_OFFER);
    const answer = 'v=0\r\ns=-\r\na=group:BUNDLE 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=mid:0\r\n';
    const restored = restoreRejected(answer, prepared.rejected).split('\r\n');
    const mLines = restored.filter((line) => line.startsWith('m='));
    expect(mLines).toEqual([
      'm=audio 9 UDP/TLS/RTP/SAVPF 0',
      'm=video 0 UDP/TLS/RTP/SAVPF 96',
      'm=application 0 UDP/DTLS/SCTP webrtc-datachannel',
    ]);
    expect(restored.indexOf('a=mid:1')).toBeGreaterThan(restored.indexOf('m=video 0 UDP/TLS/RTP/SAVPF 96'));
    expect(restoreRejected(answer, [])).toBe(answer);
  });

  it('accepts static payload type 0 without an rtpmap line', () => {
    const offer = 'v=0\r\ns=-\r\nm=audio 4000 RTP/AVP 0 101\r\na=rtpmap:101 telephone-event/8000\r\n';
    expect(prepareOffer(offer).rejected).toEqual([]);
  });

  it('refuses an offer without PCMU audio (the SIP layer answers 488)', () => {
    const opusOnly = BROWSER_OFFER.replace(' 111 0 8 110 126', ' 111').replace('a=rtpmap:0 PCMU/8000\r\n', '');
    expect(() => prepareOffer(opusOnly)).toThrow(MediaError);
    try {
      prepareOffer(opusOnly);
    } catch (error) {
      expect((error as MediaError).code).toBe('incompatible_sdp');
    }
  });
});
