import { createHash } from 'node:crypto';
import { nextMaxForwards, reply, type SipCore } from './core';
import type { CallHistory, CallRecord } from './history';
import { SipRequest as Request, type SipRequest, type SipResponse } from './message';
import { parseCSeq } from './parse';
import type { SipConnection } from './transport';
import { branchOf, formatUri, parseNameAddr, tagOf } from './uri';

/** The URI parameter naming a connection in our Record-Route and Route entries. */
export const CONNECTION_PARAM = 'ghc';

/** A Record-Route entry that brings in-dialog requests back to us and tells the connection they go out on. */
export const recordRoute = (domain: string, connectionId: string) =>
  `<sip:${domain};transport=ws;lr;${CONNECTION_PARAM}=${connectionId}>`;

/** The connection id of one of our Route entries, or null for a foreign one. */
function connectionOfRoute(value: string): string | null {
  try {
    return parseNameAddr(value).uri.params.get(CONNECTION_PARAM) ?? null;
  } catch {
    return null;
  }
}

/** A confirmed call between two connections, proxied by us. */
export interface Dialog {
  callId: string;
  callerTag: string;
  calleeTag: string;
  caller: SipConnection;
  callee: SipConnection;
  /** Remote targets (Contact URIs) of both sides. */
  callerContact: string;
  calleeContact: string;
  /** From of the INVITE and To of the answer, tags included. */
  callerAddress: string;
  calleeAddress: string;
  /** Highest CSeq each side has used, so a BYE we send on its behalf is newer. */
  callerSeq: number;
  calleeSeq: number;
  record: CallRecord;
}

/**
 * Routing of in-dialog requests (BYE, re-INVITE, ACK of a 2xx, INFO, …) and the
 * confirmed calls we carry. Our Record-Route is doubled (RFC 5658 style): one
 * entry names the caller's connection, the other the callee's. A request
 * arriving on one connection drops the entry that names it and goes out on the
 * connection the other entry names (only the entry pointing back at the arrival
 * connection is dropped first: dropping the first Route blindly loops ACKs).
 */
export function createDialogs(core: SipCore, history: CallHistory) {
  const dialogs = new Map<string, Dialog>();
  const keyOf = (callId: string, calleeTag: string) => `${callId} ${calleeTag}`;

  const find = (request: SipRequest): Dialog | undefined => {
    const callId = request.get('Call-ID') ?? '';
    return (
      dialogs.get(keyOf(callId, tagOf(request.get('To')) ?? '')) ??
      dialogs.get(keyOf(callId, tagOf(request.get('From')) ?? ''))
    );
  };

  /** A BYE on behalf of the side that is gone, sent to the side still there. */
  const byeTo = (dialog: Dialog, toCaller: boolean): Request => {
    const bye = new Request('BYE', toCaller ? dialog.callerContact : dialog.calleeContact);
    const seq = toCaller ? dialog.calleeSeq + 1 : dialog.callerSeq + 1;
    bye.set('From', toCaller ? dialog.calleeAddress : dialog.callerAddress);
    bye.set('To', toCaller ? dialog.callerAddress : dialog.calleeAddress);
    bye.set('Call-ID', dialog.callId);
    bye.set('CSeq', `${seq} BYE`);
    bye.set('Reason', 'SIP;cause=200;text="peer connection lost"');
    return bye;
  };

  return {
    /** Remembers a call once the callee's 2xx went to the caller. */
    confirm(input: {
      invite: SipRequest;
      answer: SipResponse;
      caller: SipConnection;
      callee: SipConnection;
      record: CallRecord;
    }) {
      const { invite, answer } = input;
      const calleeTag = tagOf(answer.get('To')) ?? '';
      const callId = invite.get('Call-ID') ?? '';
      if (dialogs.has(keyOf(callId, calleeTag))) return;
      const contact = (value: string | undefined) => {
        try {
          return value ? formatUri(parseNameAddr(value).uri) : null;
        } catch {
          return null;
        }
      };
      dialogs.set(keyOf(callId, calleeTag), {
        callId,
        callerTag: tagOf(invite.get('From')) ?? '',
        calleeTag,
        caller: input.caller,
        callee: input.callee,
        callerContact: contact(invite.get('Contact')) ?? invite.uri,
        calleeContact: contact(answer.get('Contact')) ?? invite.uri,
        callerAddress: invite.get('From') ?? '',
        calleeAddress: answer.get('To') ?? '',
        callerSeq: parseCSeq(invite.get('CSeq') ?? '1 INVITE').seq,
        calleeSeq: 0,
        record: input.record,
      });
    },

    /**
     * Routes a request that carries our Route entries. False when the request
     * has none (it is for someone else to handle: the call queue's own dialogs).
     */
    route(connection: SipConnection, request: SipRequest): boolean {
      const first = request.get('Route');
      if (!first || connectionOfRoute(first) === null) return false;
      let fromArrival = false;
      let target: string | null = null;
      for (let top = request.get('Route'); top !== undefined; top = request.get('Route')) {
        const id = connectionOfRoute(top);
        if (id === null) break;
        request.shift('Route');
        if (id === connection.id) {
          fromArrival = true;
          continue;
        }
        target = id;
        break;
      }
      const isAck = request.method === 'ACK';
      const dialog = find(request);
      if (dialog && request.method === 'BYE') {
        dialogs.delete(keyOf(dialog.callId, dialog.calleeTag));
        void history.finish(dialog.record, 'answered');
      }
      const out = target ? core.transport.get(target) : undefined;
      if (!fromArrival || !out) {
        // A Route that does not name the arrival connection is not this peer's dialog.
        if (!isAck) reply(connection, request, fromArrival ? 481 : 403);
        return true;
      }
      const hops = nextMaxForwards(request);
      if (hops === null) {
        if (!isAck) reply(connection, request, 483);
        return true;
      }
      if (dialog) {
        const seq = parseCSeq(request.get('CSeq') ?? '0 X').seq;
        if (connection === dialog.caller) dialog.callerSeq = Math.max(dialog.callerSeq, seq);
        else dialog.calleeSeq = Math.max(dialog.calleeSeq, seq);
      }
      request.set('Max-Forwards', String(hops));
      // A deterministic branch: the ACK of a non-2xx re-INVITE (same branch upstream) matches downstream too.
      const upstream = `${branchOf(request.get('Via')) ?? ''} ${connection.id}`;
      const branch = `z9hG4bK${createHash('sha1').update(upstream).digest('base64url').slice(0, 20)}`;
      request.prepend('Via', `SIP/2.0/WSS ${core.domain};branch=${branch};${CONNECTION_PARAM}=${connection.id}`);
      out.send(request);
      return true;
    },

    /** A connection closed: each of its calls ends, and the other side gets a BYE. */
    connectionClosed(connection: SipConnection, send: (to: SipConnection, request: SipRequest) => void) {
      for (const [key, dialog] of dialogs) {
        if (dialog.caller !== connection && dialog.callee !== connection) continue;
        dialogs.delete(key);
        void history.finish(dialog.record, 'answered');
        const callerGone = dialog.caller === connection;
        const other = callerGone ? dialog.callee : dialog.caller;
        if (other.open) send(other, byeTo(dialog, !callerGone));
      }
    },

    count: () => dialogs.size,

    /** Ends every call (shutdown): both sides get a BYE. */
    closeAll(send: (to: SipConnection, request: SipRequest) => void) {
      for (const dialog of dialogs.values()) {
        void history.finish(dialog.record, 'answered');
        if (dialog.caller.open) send(dialog.caller, byeTo(dialog, true));
        if (dialog.callee.open) send(dialog.callee, byeTo(dialog, false));
      }
      dialogs.clear();
    },
  };
}

export type Dialogs = ReturnType<typeof createDialogs>;
