import { newBranch } from '../core';
import { SipRequest, type SipResponse } from '../message';
import { formatUri, parseNameAddr, tagOf } from '../uri';

/**
 * A dialog as a user agent keeps it (RFC 3261 12): identity, route set,
 * remote target and local sequence number, enough to send BYE, INFO, ACK.
 */
export class UaDialog {
  localSeq: number;
  constructor(
    readonly callId: string,
    /** Our From/To value (with our tag). */
    readonly localAddress: string,
    /** The peer's From/To value (with its tag). */
    readonly remoteAddress: string,
    readonly remoteTarget: string,
    readonly routeSet: string[],
    localSeq: number,
    readonly contact: string,
    readonly viaHost: string,
  ) {
    this.localSeq = localSeq;
  }

  get localTag() {
    return tagOf(this.localAddress);
  }
  get remoteTag() {
    return tagOf(this.remoteAddress);
  }

  /** The dialog the caller gets from a 2xx: route set = Record-Route reversed. */
  static fromAnswer(invite: SipRequest, answer: SipResponse, viaHost: string): UaDialog {
    return new UaDialog(
      invite.get('Call-ID')!,
      invite.get('From')!,
      answer.get('To')!,
      targetOf(answer.get('Contact'), invite.uri),
      answer.getAll('Record-Route').reverse(),
      Number((invite.get('CSeq') ?? '1').split(/\s+/)[0]),
      invite.get('Contact') ?? '',
      viaHost,
    );
  }

  /** The dialog the callee gets when answering: route set = Record-Route in order. */
  static fromInvite(invite: SipRequest, localTag: string, contact: string, viaHost: string): UaDialog {
    const to = invite.get('To')!;
    return new UaDialog(
      invite.get('Call-ID')!,
      /;\s*tag=/i.test(to) ? to : `${to};tag=${localTag}`,
      invite.get('From')!,
      targetOf(invite.get('Contact'), invite.uri),
      invite.getAll('Record-Route'),
      Math.floor(Math.random() * 10_000) + 1,
      contact,
      viaHost,
    );
  }

  /** A new request in the dialog (ACK reuses the INVITE's sequence number). */
  request(method: string, options: { seq?: number; body?: string; contentType?: string } = {}): SipRequest {
    const request = new SipRequest(method, this.remoteTarget);
    request.set('Via', `SIP/2.0/WSS ${this.viaHost};branch=${newBranch()}`);
    request.set('Max-Forwards', '70');
    for (const route of this.routeSet) request.append('Route', route);
    request.set('From', this.localAddress);
    request.set('To', this.remoteAddress);
    request.set('Call-ID', this.callId);
    let seq = options.seq;
    if (seq === undefined) {
      this.localSeq += 1;
      seq = this.localSeq;
    }
    request.set('CSeq', `${seq} ${method}`);
    if (this.contact) request.set('Contact', this.contact);
    if (options.body !== undefined) {
      request.set('Content-Type', options.contentType ?? 'application/sdp');
      request.body = options.body;
    }
    return request;
  }

  /** True when a request from the peer belongs to this dialog. */
  matches(request: SipRequest): boolean {
    return (
      request.get('Call-ID') === this.callId &&
      tagOf(request.get('From')) === this.remoteTag &&
      tagOf(request.get('To')) === this.localTag
    );
  }
}

function targetOf(contact: string | undefined, fallback: string): string {
  try {
    return contact ? formatUri(parseNameAddr(contact).uri) : fallback;
  } catch {
    return fallback;
  }
}
