import { RTCRtpCodecParameters } from 'werift';

/**
 * What our endpoints negotiate: PCMU (static payload type 0) and RFC 4733 telephone-event.
 * Nothing else, on purpose: every leg of a bridge then speaks PCMU and the relay forwards
 * payloads untouched (no transcoding, no codec library in the server).
 */
export function audioCodecs(): RTCRtpCodecParameters[] {
  return [
    new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 }),
    new RTCRtpCodecParameters({
      mimeType: 'audio/telephone-event',
      clockRate: 8000,
      channels: 1,
      payloadType: 101,
      parameters: '0-16',
    }),
  ];
}

/** G.711 µ-law at 8 kHz, the audio codec of every leg. */
export const isPcmu = (codec: RTCRtpCodecParameters) =>
  codec.mimeType.toLowerCase() === 'audio/pcmu' && codec.clockRate === 8000;
/** Only the 8 kHz event codec: the one that goes with PCMU. */
export const isDtmfCodec = (codec: RTCRtpCodecParameters) =>
  codec.mimeType.toLowerCase() === 'audio/telephone-event' && codec.clockRate === 8000;
