import { newTag, reply, type SipCore } from '../core';
import { SipRequest } from '../message';
import type { Outbound } from '../outbound';
import type { SipConnection } from '../transport';
import { formatUri, parseNameAddr, tagOf } from '../uri';
import { type MediaEndpoint, release } from './media';

/**
 * One leg of the B2BUA: a dialog in which the server is the user agent that
 * answered (the caller's leg, or a concierge's leg). It knows enough of the
 * dialog to send requests in it (BYE, INFO) and to answer re-INVITEs.
 */
export interface Leg {
  connection: SipConnection;
  callId: string;
  localTag: string;
  remoteTag: string;
  /** The peer's Contact URI: Request-URI of what we send. */
  remoteTarget: string;
  /** Our side (To of the INVITE plus our tag) and theirs (From of the INVITE). */
  localAddress: string;
  remoteAddress: string;
  localSeq: number;
  contact: string;
  media: MediaEndpoint;
  answerSdp: string;
  /** The number on the other end. */
  number: string;
  ended: boolean;
}

/** Answers an INVITE as a UAS: 200 with our SDP; the returned leg can send in-dialog requests. */
export function answerLeg(
  core: SipCore,
  connection: SipConnection,
  invite: SipRequest,
  input: { media: MediaEndpoint; answerSdp: string; number: string; localNumber: string },
): Leg {
  const localTag = newTag();
  let remoteTarget = invite.uri;
  try {
    remoteTarget = formatUri(parseNameAddr(invite.get('Contact') ?? '').uri);
  } catch {
    // No usable Contact: requests still reach the peer over its connection.
  }
  const contact = `<sip:${input.localNumber}@${core.domain};transport=ws>`;
  reply(connection, invite, 200, {
    toTag: localTag,
    headers: { Contact: contact, 'Content-Type': 'application/sdp', Allow: ALLOW },
    body: input.answerSdp,
  });
  const to = invite.get('To') ?? '';
  return {
    connection,
    callId: invite.get('Call-ID') ?? '',
    localTag,
    remoteTag: tagOf(invite.get('From')) ?? '',
    remoteTarget,
    localAddress: /;\s*tag=/i.test(to) ? to : `${to};tag=${localTag}`,
    remoteAddress: invite.get('From') ?? '',
    localSeq: Math.floor(Math.random() * 10_000) + 1,
    contact,
    media: input.media,
    answerSdp: input.answerSdp,
    number: input.number,
    ended: false,
  };
}

export const ALLOW = 'INVITE, ACK, CANCEL, BYE, INFO, OPTIONS, UPDATE';

/** Builds a request inside the leg's dialog. */
export function legRequest(leg: Leg, method: string, body?: { type: string; text: string }): SipRequest {
  const request = new SipRequest(method, leg.remoteTarget);
  request.set('From', leg.localAddress);
  request.set('To', leg.remoteAddress);
  request.set('Call-ID', leg.callId);
  leg.localSeq += 1;
  request.set('CSeq', `${leg.localSeq} ${method}`);
  request.set('Contact', leg.contact);
  if (body) {
    request.set('Content-Type', body.type);
    request.body = body.text;
  }
  return request;
}

/** Sends BYE on the leg (once) and releases its media. */
export function hangUp(leg: Leg, outbound: Outbound) {
  if (leg.ended) return;
  leg.ended = true;
  release(leg.media);
  if (leg.connection.open) void outbound.send(leg.connection, legRequest(leg, 'BYE'));
}

/** True when the request belongs to this leg's dialog (Call-ID and both tags). */
export function inLeg(leg: Leg, request: SipRequest): boolean {
  return (
    request.get('Call-ID') === leg.callId &&
    tagOf(request.get('From')) === leg.remoteTag &&
    tagOf(request.get('To')) === leg.localTag
  );
}
