import type { MediaEndpoint, MediaFactory } from './media';

/**
 * A signalling-only stand-in for the media engine: answers every offered
 * m-line with PCMU on a dummy port, plays nothing and bridges nothing. It
 * keeps SIP flows testable without WebRTC, and records what was asked of it.
 */
export interface StubMediaEndpoint extends MediaEndpoint {
  readonly events: string[];
  bridgedWith: StubMediaEndpoint | null;
}

export function stubAnswer(offerSdp: string): string {
  const audio = /^m=audio /m.test(offerSdp);
  const lines = ['v=0', 'o=gatehouse 1 1 IN IP4 127.0.0.1', 's=gatehouse', 'c=IN IP4 127.0.0.1', 't=0 0'];
  if (audio || offerSdp === '') lines.push('m=audio 9 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000', 'a=sendrecv');
  return `${lines.join('\r\n')}\r\n`;
}

export const createStubMedia: MediaFactory = () => {
  const endpoint: StubMediaEndpoint = {
    events: [],
    bridgedWith: null,
    async answer(offerSdp) {
      endpoint.events.push('answer');
      return stubAnswer(offerSdp);
    },
    async offer() {
      endpoint.events.push('offer');
      return stubAnswer('');
    },
    async accept() {
      endpoint.events.push('accept');
    },
    playHoldTone() {
      endpoint.events.push('hold-tone');
      endpoint.bridgedWith = null;
    },
    bridge(other) {
      endpoint.events.push('bridge');
      endpoint.bridgedWith = other as StubMediaEndpoint;
    },
    close() {
      endpoint.events.push('close');
    },
  };
  return endpoint;
};
