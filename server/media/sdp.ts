import { MediaError } from './types';

/**
 * SDP surgery werift needs from us. werift throws on an offered m-section it has no codec
 * for ("negotiate codecs failed"), so a browser offering audio and video could not be
 * answered. We hand werift only the one audio section it can take and reject the others
 * ourselves (port 0, RFC 3264 §6), putting them back in the answer at their places.
 */

/** An offered m-section we answer with port 0. */
export interface RejectedSection {
  index: number;
  media: string;
  proto: string;
  format: string;
  mid: string | null;
}

/** The offer cut down to what werift can answer, and what we reject. */
export interface PreparedOffer {
  sdp: string;
  rejected: RejectedSection[];
}

interface Parsed {
  session: string[];
  sections: string[][];
}

function parse(sdp: string): Parsed {
  const lines = sdp.split(/\r?\n/).filter((line) => line !== '');
  const session: string[] = [];
  const sections: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('m=')) sections.push([line]);
    else if (sections.length === 0) session.push(line);
    else sections[sections.length - 1]!.push(line);
  }
  return { session, sections };
}

const serialize = ({ session, sections }: Parsed) => `${[...session, ...sections.flat()].join('\r\n')}\r\n`;

const midOf = (section: string[]) =>
  section
    .find((line) => line.startsWith('a=mid:'))
    ?.slice('a=mid:'.length)
    .trim() ?? null;

/** True when the section offers PCMU: by rtpmap, or by static payload type 0 without one. */
function offersPcmu(section: string[]): boolean {
  const [, port, , ...formats] = section[0]!.split(' ');
  if (port === '0') return false;
  const mapped = section.some((line) => /^a=rtpmap:\d+ PCMU\/8000/i.test(line));
  const staticZero = formats.includes('0') && !section.some((line) => line.startsWith('a=rtpmap:0 '));
  return mapped || staticZero;
}

/**
 * Keeps the first audio section offering PCMU and rejects every other one.
 * @throws MediaError `incompatible_sdp` when no audio section offers PCMU (SIP: 488).
 */
export function prepareOffer(offerSdp: string): PreparedOffer {
  const parsed = parse(offerSdp);
  const keep = parsed.sections.findIndex((s) => s[0]!.startsWith('m=audio ') && offersPcmu(s));
  if (keep < 0) throw new MediaError('incompatible_sdp', 'the offer has no audio section with PCMU');
  const rejected: RejectedSection[] = [];
  parsed.sections.forEach((section, index) => {
    if (index === keep) return;
    const [media = 'm=audio', , proto = 'RTP/AVP', format = '0'] = section[0]!.split(' ');
    rejected.push({ index, media: media.slice(2), proto, format, mid: midOf(section) });
  });
  const rejectedMids = new Set(rejected.map((r) => r.mid).filter((mid) => mid !== null));
  const session = parsed.session.map((line) =>
    line.startsWith('a=group:BUNDLE')
      ? line
          .split(' ')
          .filter((token, i) => i === 0 || !rejectedMids.has(token))
          .join(' ')
      : line,
  );
  return { sdp: serialize({ session, sections: [withoutWidebandEvents(parsed.sections[keep]!)] }), rejected };
}

/**
 * Drops telephone-event at clock rates other than 8000 (Chromium also offers it at 48000 for
 * Opus). werift matches codecs by name only and would answer both, and events at the wrong
 * rate next to PCMU are nonsense.
 */
function withoutWidebandEvents(section: string[]): string[] {
  const dropped = new Set(
    section.flatMap((line) => {
      const match = /^a=rtpmap:(\d+) telephone-event\/(\d+)/i.exec(line);
      return match && match[2] !== '8000' ? [match[1]!] : [];
    }),
  );
  if (dropped.size === 0) return section;
  const [mLine, ...attributes] = section;
  const [media, port, proto, ...formats] = mLine!.split(' ');
  const kept = formats.filter((format) => !dropped.has(format));
  const mentions = (line: string) => /^a=(rtpmap|fmtp|rtcp-fb):(\d+)[ ]/.exec(line)?.[2];
  return [[media, port, proto, ...kept].join(' '), ...attributes.filter((line) => !dropped.has(mentions(line) ?? ''))];
}

/** Puts the rejected sections back into werift's answer, in the offer's order. */
export function restoreRejected(answerSdp: string, rejected: readonly RejectedSection[]): string {
  if (rejected.length === 0) return answerSdp;
  const parsed = parse(answerSdp);
  for (const r of [...rejected].sort((a, b) => a.index - b.index)) {
    const section = [`m=${r.media} 0 ${r.proto} ${r.format}`, 'c=IN IP4 0.0.0.0', 'a=inactive'];
    if (r.mid !== null) section.push(`a=mid:${r.mid}`);
    parsed.sections.splice(r.index, 0, section);
  }
  return serialize(parsed);
}
