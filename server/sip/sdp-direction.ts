/**
 * A re-INVITE that only changes the media direction (JsSIP's hold sends
 * `a=sendonly`) must be answered with the mirrored direction (RFC 3264 6.1):
 * sendonly → recvonly, recvonly → sendonly, inactive → inactive, else sendrecv.
 * The rest of our session (codecs, ICE, DTLS) stays as it was.
 */
const MIRROR: Record<string, string> = {
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
  sendrecv: 'sendrecv',
};
const DIRECTION = /^a=(sendrecv|sendonly|recvonly|inactive)\r?$/m;

/** The direction of the first media section of an SDP (sendrecv when none is written). */
export function directionOf(sdp: string): string {
  const media = sdp.split(/\r?\nm=/).slice(1)[0] ?? sdp;
  return DIRECTION.exec(media)?.[1] ?? DIRECTION.exec(sdp)?.[1] ?? 'sendrecv';
}

/** Our previous SDP with every direction attribute set to answer `offerSdp`. */
export function answerDirection(ourSdp: string, offerSdp: string): string {
  const wanted = MIRROR[directionOf(offerSdp)] ?? 'sendrecv';
  const lines = ourSdp.split(/\r?\n/);
  const out: string[] = [];
  let inMedia = false;
  let written = false;
  const flush = () => {
    if (inMedia && !written) out.push(`a=${wanted}`);
  };
  for (const line of lines) {
    if (line.startsWith('m=')) {
      flush();
      inMedia = true;
      written = false;
      out.push(line);
      continue;
    }
    if (/^a=(sendrecv|sendonly|recvonly|inactive)$/.test(line)) {
      // Session-level attributes are dropped: the media sections carry the direction.
      if (inMedia) {
        out.push(`a=${wanted}`);
        written = true;
      }
      continue;
    }
    out.push(line);
  }
  // The last media section: before the trailing empty line, if any.
  if (inMedia && !written) {
    const tail = out[out.length - 1] === '' ? out.pop() : undefined;
    out.push(`a=${wanted}`);
    if (tail !== undefined) out.push(tail);
  }
  return out.join('\r\n');
}
