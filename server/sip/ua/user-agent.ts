import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { DTMF_CONTENT_TYPE } from '../../../src/contract/entities/calls';
import { newBranch, newCallId, newTag } from '../core';
import { authorize } from '../digest';
import { responseTo, SipRequest, type SipResponse } from '../message';
import { parseMessage } from '../parse';
import { answerDirection } from '../sdp-direction';
import { branchOf } from '../uri';
import { UaDialog } from './dialog';

/**
 * A small SIP user agent over WSS for tests, benchmarks and the door-panel
 * simulator: REGISTER with digest, INVITE (with SDP given by the caller),
 * ACK, BYE, CANCEL and INFO, in and out of dialogs. It answers like JsSIP
 * does where that matters (180 on an incoming INVITE, ACK and BYE for an
 * extra forked 2xx). Media is not its business: SDP comes from outside.
 */

export interface UserAgentOptions {
  /** wss://host:port */
  url: string;
  /** SIP domain: registers as number@domain. */
  domain: string;
  number: string;
  password: string;
  displayName?: string;
  /** Accept a self-signed server certificate (default true: tests and the simulator run on loopback). */
  insecure?: boolean;
}

class Deferred<T> {
  resolve!: (value: T) => void;
  readonly promise = new Promise<T>((resolve) => {
    this.resolve = resolve;
  });
  settled = false;
  settle(value: T) {
    if (this.settled) return;
    this.settled = true;
    this.resolve(value);
  }
}

/** Why a call ended. */
export type CallEnd = 'local-bye' | 'remote-bye' | 'cancelled' | 'failed' | 'closed';

/** What both call directions share: the dialog, INFO in and out, BYE. */
abstract class UaCall {
  dialog: UaDialog | null = null;
  /** INFO bodies received in the dialog. */
  readonly infos: SipRequest[] = [];
  onInfo: ((request: SipRequest) => void) | null = null;
  protected readonly endedAt = new Deferred<CallEnd>();
  /** Resolves once, with why the call ended. */
  readonly ended = this.endedAt.promise;
  /** The remote SDP (answer for outgoing calls, offer for incoming ones). */
  remoteSdp = '';
  /** Our SDP in the call (offer or answer): re-INVITEs are answered with it. */
  localSdp = '';

  constructor(protected readonly ua: SipUserAgent) {}

  /** Sends BYE and resolves with its final response. */
  async bye(): Promise<SipResponse> {
    if (!this.dialog) throw new Error('no dialog');
    const response = await this.ua.send(this.dialog.request('BYE'));
    this.endedAt.settle('local-bye');
    return response;
  }

  /** Sends a re-INVITE with a new offer (hold: `a=sendonly`); ACKs a 2xx. Resolves with the final answer. */
  async reinvite(sdp: string): Promise<SipResponse> {
    if (!this.dialog) throw new Error('no dialog');
    const invite = this.dialog.request('INVITE', { body: sdp });
    const response = await this.ua.sendInvite(invite);
    if (response.status >= 200 && response.status < 300) {
      this.ua.transmit(this.dialog.request('ACK', { seq: this.dialog.localSeq }));
      this.localSdp = sdp;
      this.remoteSdp = response.body;
    }
    return response;
  }

  /** Sends DTMF by SIP INFO (application/dtmf-relay). */
  info(signal: string, durationMs = 160): Promise<SipResponse> {
    if (!this.dialog) throw new Error('no dialog');
    return this.ua.send(
      this.dialog.request('INFO', {
        body: `Signal=${signal}\r\nDuration=${durationMs}\r\n`,
        contentType: DTMF_CONTENT_TYPE,
      }),
    );
  }

  /** @internal a request of the peer inside this call's dialog. */
  inDialog(request: SipRequest) {
    switch (request.method) {
      case 'BYE':
        this.ua.respond(request, 200);
        this.endedAt.settle('remote-bye');
        break;
      case 'INFO':
        this.ua.respond(request, 200);
        this.infos.push(request);
        this.onInfo?.(request);
        break;
      case 'ACK':
        break;
      case 'INVITE':
      case 'UPDATE': {
        // A re-INVITE (hold, refresh): same session, direction mirrored when an offer came.
        const response = responseTo(request, 200);
        response.set('Contact', this.ua.contact);
        if (request.body || request.method === 'INVITE') {
          response.set('Content-Type', 'application/sdp');
          response.body = request.body ? answerDirection(this.localSdp, request.body) : this.localSdp;
          if (request.body) this.remoteSdp = request.body;
        }
        this.ua.transmit(response);
        break;
      }
      default:
        this.ua.respond(request, 200);
    }
  }

  /** @internal */
  end(reason: CallEnd) {
    this.endedAt.settle(reason);
  }
}

/** A call this agent placed. */
export class OutgoingCall extends UaCall {
  readonly provisional: SipResponse[] = [];
  private readonly finalAt = new Deferred<SipResponse>();
  /** The final answer: a 2xx (answered) or a failure. */
  readonly answered = this.finalAt.promise;

  constructor(
    ua: SipUserAgent,
    readonly invite: SipRequest,
  ) {
    super(ua);
    this.localSdp = invite.body;
  }

  /** CANCEL while ringing; the INVITE then ends with 487. */
  cancel(): Promise<SipResponse> {
    const cancel = new SipRequest('CANCEL', this.invite.uri);
    cancel.set('Via', this.invite.get('Via')!);
    cancel.set('Max-Forwards', '70');
    for (const name of ['From', 'To', 'Call-ID']) cancel.set(name, this.invite.get(name)!);
    cancel.set('CSeq', `${this.invite.get('CSeq')!.split(/\s+/)[0]} CANCEL`);
    return this.ua.send(cancel, { keepVia: true });
  }

  /** @internal */
  response(response: SipResponse) {
    if (response.status < 200) {
      this.provisional.push(response);
      return;
    }
    if (response.status < 300) {
      const dialog = UaDialog.fromAnswer(this.invite, response, this.ua.viaHost);
      const ack = dialog.request('ACK', { seq: dialog.localSeq });
      this.ua.transmit(ack);
      if (this.dialog && this.dialog.remoteTag !== dialog.remoteTag) {
        // A second forked answer: acknowledge it and hang it up at once, as JsSIP does.
        void this.ua.send(dialog.request('BYE'));
        return;
      }
      if (!this.dialog) {
        this.dialog = dialog;
        this.remoteSdp = response.body;
        this.ua.track(this);
      }
      this.finalAt.settle(response);
      return;
    }
    this.finalAt.settle(response);
    this.end(response.status === 487 ? 'cancelled' : 'failed');
  }
}

/** A call offered to this agent. It answers 180 at once; the test decides the rest. */
export class IncomingCall extends UaCall {
  private readonly localTag = newTag();
  private finalSent = false;
  constructor(
    ua: SipUserAgent,
    readonly request: SipRequest,
  ) {
    super(ua);
    this.remoteSdp = request.body;
  }

  header(name: string) {
    return this.request.get(name);
  }

  /** Answers 200 with our SDP and enters the dialog. */
  accept(sdp: string) {
    if (this.finalSent) return;
    this.finalSent = true;
    this.dialog = UaDialog.fromInvite(this.request, this.localTag, this.ua.contact, this.ua.viaHost);
    const response = responseTo(this.request, 200, { toTag: this.localTag });
    for (const rr of this.request.getAll('Record-Route')) response.append('Record-Route', rr);
    response.set('Contact', this.ua.contact);
    response.set('Content-Type', 'application/sdp');
    response.body = sdp;
    this.localSdp = sdp;
    this.ua.transmit(response);
    this.ua.track(this);
  }

  /** Refuses the call (486 busy, 603 decline, 480 unavailable, …). */
  reject(status = 486) {
    if (this.finalSent) return;
    this.finalSent = true;
    this.ua.transmit(responseTo(this.request, status, { toTag: this.localTag }));
    this.end('failed');
  }

  /** @internal */
  ring() {
    this.ua.transmit(responseTo(this.request, 180, { toTag: this.localTag }));
  }

  /** @internal the caller cancelled. */
  cancelled(cancel: SipRequest) {
    this.ua.respond(cancel, 200);
    if (!this.finalSent) {
      this.finalSent = true;
      this.ua.transmit(responseTo(this.request, 487, { toTag: this.localTag }));
    }
    this.end('cancelled');
  }

  get branch() {
    return branchOf(this.request.get('Via'));
  }
}

export class SipUserAgent {
  readonly viaHost = `${randomBytes(6).toString('hex')}.invalid`;
  readonly contact: string;
  readonly aor: string;
  onIncoming: ((call: IncomingCall) => void) | null = null;
  /** INFO outside any dialog (the door-open request of the console). */
  onInfo: ((request: SipRequest) => void) | null = null;
  readonly outOfDialogInfos: SipRequest[] = [];
  private readonly waiting = new Map<string, (response: SipResponse) => void>();
  private readonly calls = new Set<UaCall>();
  private readonly incoming = new Map<string, IncomingCall>();
  private registerCallId = newCallId();
  private registerSeq = 0;
  private readonly fromTag = newTag();
  private readonly closedAt = new Deferred<void>();
  readonly closed = this.closedAt.promise;

  private constructor(
    private readonly socket: WebSocket,
    readonly options: UserAgentOptions,
  ) {
    this.contact = `<sip:${randomBytes(4).toString('hex')}@${this.viaHost};transport=ws>`;
    this.aor = `sip:${options.number}@${options.domain}`;
    socket.on('message', (data) => {
      // An unreadable or unexpected message is dropped: the agent runs inside the server (the simulator).
      try {
        this.receive(data.toString());
      } catch {
        // Nothing to answer: it could not be read.
      }
    });
    socket.on('close', () => {
      for (const call of this.calls) call.end('closed');
      this.closedAt.settle();
    });
  }

  /** Opens the WebSocket (subprotocol `sip`). Rejects when the server refuses it (a banned address). */
  static connect(options: UserAgentOptions): Promise<SipUserAgent> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(options.url, 'sip', { rejectUnauthorized: !(options.insecure ?? true) });
      socket.once('open', () => resolve(new SipUserAgent(socket, options)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused: HTTP ${res.statusCode}`)));
    });
  }

  get open() {
    return this.socket.readyState === WebSocket.OPEN;
  }

  private get from() {
    const name = this.options.displayName ? `"${this.options.displayName}" ` : '';
    return `${name}<${this.aor}>`;
  }

  /** REGISTER, answering one digest challenge; resolves with the final response. */
  register(expires = 600): Promise<SipResponse> {
    const build = () => {
      const request = new SipRequest('REGISTER', `sip:${this.options.domain}`);
      request.set('Max-Forwards', '70');
      request.set('From', `${this.from};tag=${this.fromTag}`);
      request.set('To', `<${this.aor}>`);
      request.set('Call-ID', this.registerCallId);
      this.registerSeq += 1;
      request.set('CSeq', `${this.registerSeq} REGISTER`);
      request.set('Contact', `${this.contact};expires=${expires}`);
      request.set('Expires', String(expires));
      return request;
    };
    return this.withAuth(build, 401);
  }

  unregister(): Promise<SipResponse> {
    return this.register(0);
  }

  /** Sends a request built by `build`, and again with credentials if challenged with `challengeStatus`. */
  private async withAuth(build: () => SipRequest, challengeStatus: 401 | 407): Promise<SipResponse> {
    const first = build();
    const response = await this.send(first);
    if (response.status !== challengeStatus) return response;
    const header = challengeStatus === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate';
    const retry = build();
    retry.set(
      challengeStatus === 401 ? 'Authorization' : 'Proxy-Authorization',
      authorize({
        challenge: response.get(header) ?? '',
        username: this.options.number,
        password: this.options.password,
        method: retry.method,
        uri: retry.uri,
      }),
    );
    return this.send(retry);
  }

  /**
   * Calls `target` (a number, or a full SIP URI) with an SDP offer. A 407
   * challenge is answered once (when the connection has not registered).
   */
  call(target: string, options: { sdp: string; headers?: Record<string, string> }): OutgoingCall {
    const uri = target.startsWith('sip:') ? target : `sip:${target}@${this.options.domain}`;
    const callId = newCallId();
    const tag = newTag();
    let seq = 0;
    let call: OutgoingCall | null = null;
    const build = () => {
      const invite = new SipRequest('INVITE', uri);
      invite.set('Via', `SIP/2.0/WSS ${this.viaHost};branch=${newBranch()}`);
      invite.set('Max-Forwards', '70');
      invite.set('From', `${this.from};tag=${tag}`);
      invite.set('To', `<${uri}>`);
      invite.set('Call-ID', callId);
      seq += 1;
      invite.set('CSeq', `${seq} INVITE`);
      invite.set('Contact', this.contact);
      for (const [name, value] of Object.entries(options.headers ?? {})) invite.set(name, value);
      invite.set('Content-Type', 'application/sdp');
      invite.body = options.sdp;
      return invite;
    };
    const first = build();
    call = new OutgoingCall(this, first);
    const placed = call;
    const onResponse = (response: SipResponse, invite: SipRequest) => {
      if (response.status === 407 && invite === first) {
        this.ackFailure(invite, response);
        const retry = build();
        retry.set(
          'Proxy-Authorization',
          authorize({
            challenge: response.get('Proxy-Authenticate') ?? '',
            username: this.options.number,
            password: this.options.password,
            method: 'INVITE',
            uri,
          }),
        );
        Object.assign(placed, { invite: retry });
        this.transmitInvite(retry, (r) => onResponse(r, retry));
        return;
      }
      if (response.status >= 300) this.ackFailure(invite, response);
      placed.response(response);
    };
    this.transmitInvite(first, (r) => onResponse(r, first));
    return call;
  }

  private transmitInvite(invite: SipRequest, onResponse: (response: SipResponse) => void) {
    const branch = branchOf(invite.get('Via'))!;
    this.waiting.set(branch, (response) => {
      if (response.status >= 200) this.waiting.delete(branch);
      onResponse(response);
    });
    this.transmit(invite);
  }

  /** Sends an INVITE inside a dialog and resolves with its final response. */
  sendInvite(invite: SipRequest): Promise<SipResponse> {
    return new Promise((resolve) => {
      this.transmitInvite(invite, (response) => {
        if (response.status >= 300) this.ackFailure(invite, response);
        if (response.status >= 200) resolve(response);
      });
    });
  }

  /** ACK of a failure: same branch as the INVITE (RFC 3261 17.1.1.3). */
  private ackFailure(invite: SipRequest, response: SipResponse) {
    const ack = new SipRequest('ACK', invite.uri);
    ack.set('Via', invite.get('Via')!);
    ack.set('Max-Forwards', '70');
    ack.set('From', invite.get('From')!);
    ack.set('To', response.get('To') ?? invite.get('To')!);
    ack.set('Call-ID', invite.get('Call-ID')!);
    ack.set('CSeq', `${invite.get('CSeq')!.split(/\s+/)[0]} ACK`);
    this.transmit(ack);
  }

  /** Sends a non-INVITE request and resolves with its final response (it gets a Via unless it has one). */
  send(request: SipRequest, options: { keepVia?: boolean } = {}): Promise<SipResponse> {
    if (!options.keepVia || !request.has('Via')) {
      request.set('Via', `SIP/2.0/WSS ${this.viaHost};branch=${newBranch()}`);
    }
    if (!request.has('Max-Forwards')) request.set('Max-Forwards', '70');
    const branch = `${branchOf(request.get('Via'))} ${request.method}`;
    return new Promise((resolve) => {
      this.waiting.set(branch, (response) => {
        if (response.status < 200) return;
        this.waiting.delete(branch);
        resolve(response);
      });
      this.transmit(request);
    });
  }

  /** Writes a message as is. */
  transmit(message: SipRequest | SipResponse | string) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(message.toString());
  }

  /** @internal answers a request of the peer. */
  respond(request: SipRequest, status: number) {
    this.transmit(responseTo(request, status));
  }

  /** @internal keeps a call that has a dialog, so in-dialog requests find it. */
  track(call: UaCall) {
    this.calls.add(call);
    void call.ended.then(() => this.calls.delete(call));
  }

  private receive(text: string) {
    if (text.trim() === '') return;
    const message = parseMessage(text);
    if (message.kind === 'response') {
      const branch = branchOf(message.get('Via')) ?? '';
      const method = (message.get('CSeq') ?? '').split(/\s+/)[1] ?? '';
      const handler = this.waiting.get(method === 'INVITE' ? branch : `${branch} ${method}`);
      handler?.(message);
      return;
    }
    for (const call of this.calls) {
      if (call.dialog?.matches(message)) {
        call.inDialog(message);
        return;
      }
    }
    switch (message.method) {
      case 'INVITE': {
        if (/;\s*tag=/i.test(message.get('To') ?? '')) {
          this.respond(message, 481);
          return;
        }
        const call = new IncomingCall(this, message);
        this.incoming.set(`${message.get('Call-ID')} ${call.branch}`, call);
        void call.ended.then(() => this.incoming.delete(`${message.get('Call-ID')} ${call.branch}`));
        call.ring();
        if (this.onIncoming) this.onIncoming(call);
        else call.reject(480);
        return;
      }
      case 'CANCEL': {
        const call = this.incoming.get(`${message.get('Call-ID')} ${branchOf(message.get('Via'))}`);
        if (call) call.cancelled(message);
        else this.respond(message, 481);
        return;
      }
      case 'INFO':
        this.respond(message, 200);
        this.outOfDialogInfos.push(message);
        this.onInfo?.(message);
        return;
      case 'ACK':
        return;
      case 'OPTIONS':
        this.respond(message, 200);
        return;
      default:
        this.respond(message, 481);
    }
  }

  /** Closes the WebSocket (the server drops this agent's registrations and ends its calls). */
  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }
}
