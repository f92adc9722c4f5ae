import { randomUUID } from 'node:crypto';
import type { CallStatusServer, WaitingCall } from '../../../src/contract/entities/calls';
import { DTMF_CONTENT_TYPE } from '../../../src/contract/entities/calls';
import { reply, type SipCore } from '../core';
import type { SipNumberInfo } from '../directory';
import { type CallHistory, type CallRecord, startRecord } from '../history';
import type { SipRequest } from '../message';
import type { Outbound } from '../outbound';
import { answerDirection } from '../sdp-direction';
import type { SipConnection } from '../transport';
import { ALLOW, answerLeg, hangUp, inLeg, type Leg, legRequest } from './leg';
import { type MediaFactory, release } from './media';

/** An awaiting call: the caller's leg held by the server, at most one concierge leg bridged to it. */
interface QueuedCall {
  id: string;
  caller: SipNumberInfo;
  callee: SipNumberInfo;
  status: CallStatusServer;
  answeredBy: string | null;
  createdAt: Date;
  info: { address: string | null; user: string | null };
  /** Numbers of the concierges concerned (their call-management topics get every update). */
  concerned: string[];
  callerLeg: Leg;
  conciergeLeg: Leg | null;
  record: CallRecord;
}

export interface CallQueueDeps {
  core: SipCore;
  outbound: Outbound;
  history: CallHistory;
  media: MediaFactory;
  /** Numbers of the concierges a call to this number concerns. */
  concerned(callee: SipNumberInfo): Promise<string[]>;
  /** What the console shows about the caller. */
  describe(caller: SipNumberInfo): Promise<{ address: string | null; user: string | null }>;
  /** Pushes CallUpdated to each number's call-management topic. */
  publish(numbers: string[], call: WaitingCall): void;
}

/** Why a join is refused, as a SIP status. */
const REFUSE = { notConcerned: 403, busy: 486, gone: 481 } as const;

/**
 * The call queue: a back-to-back user agent for calls to numbers whose purpose
 * is `master_sip_number` or `concierge`. The server answers the caller itself
 * and plays the hold tone (status `waiting`); a concierge joins with an INVITE
 * to the same number carrying `X-Speech-Id: <call id>` and is bridged
 * (`answered`); the concierge's BYE holds the caller again (`answered_waiting`)
 * until they rejoin; the caller's BYE or POST /calls/stop ends it (`destroyed`).
 */
export function createCallQueue(deps: CallQueueDeps) {
  const { core, outbound, history } = deps;
  const calls = new Map<string, QueuedCall>();
  /** INVITEs being answered (media is async): a CANCEL arriving meanwhile is noted here. */
  const answering = new Map<string, { cancelled: boolean }>();

  const view = (call: QueuedCall): WaitingCall => ({
    id: call.id,
    caller: call.caller.number,
    callee: call.callee.number,
    status: call.status,
    answered_by: call.answeredBy,
    type: 'awaiting',
    info: call.info,
    created_at: call.createdAt.toISOString(),
  });
  const publish = (call: QueuedCall) => deps.publish(call.concerned, view(call));

  const findLeg = (request: SipRequest): { call: QueuedCall; leg: Leg } | null => {
    for (const call of calls.values()) {
      if (inLeg(call.callerLeg, request)) return { call, leg: call.callerLeg };
      if (call.conciergeLeg && inLeg(call.conciergeLeg, request)) return { call, leg: call.conciergeLeg };
    }
    return null;
  };
  const answeringKey = (connection: SipConnection, request: SipRequest) =>
    `${connection.id} ${request.get('Call-ID')} ${(request.get('Via') ?? '').replace(/\s+/g, '')}`;

  /** Answers an INVITE with a fresh media endpoint; null when it was cancelled or media failed. */
  const answer = async (
    connection: SipConnection,
    invite: SipRequest,
    localNumber: string,
    number: string,
    cancelledBefore: () => boolean,
  ) => {
    const key = answeringKey(connection, invite);
    const state = { cancelled: cancelledBefore() };
    answering.set(key, state);
    const media = deps.media();
    try {
      const answerSdp = await media.answer(invite.body);
      if (state.cancelled || cancelledBefore() || !connection.open) {
        release(media);
        return null;
      }
      return answerLeg(core, connection, invite, { media, answerSdp, number, localNumber });
    } catch (error) {
      core.log.warn({ err: error }, 'sip: media could not answer');
      release(media);
      reply(connection, invite, 488);
      return null;
    } finally {
      answering.delete(key);
    }
  };

  const end = (call: QueuedCall, by: 'caller' | 'stop') => {
    if (call.status === 'destroyed') return;
    call.status = 'destroyed';
    calls.delete(call.id);
    if (call.conciergeLeg) hangUp(call.conciergeLeg, outbound);
    if (by === 'caller') {
      call.callerLeg.ended = true;
      release(call.callerLeg.media);
    } else hangUp(call.callerLeg, outbound);
    // Never joined: the caller gave up (cancel) or the concierges turned it away (busy).
    void history.finish(call.record, by === 'caller' ? 'cancel' : 'busy');
    publish(call);
  };

  const hold = (call: QueuedCall) => {
    const leg = call.conciergeLeg;
    if (!leg) return;
    call.conciergeLeg = null;
    leg.ended = true;
    release(leg.media);
    call.callerLeg.media.playHoldTone();
    call.status = 'answered_waiting';
    publish(call);
  };

  return {
    /** True when this speech id names a call in the queue (an INVITE with it is a join). */
    has: (speechId: string | undefined) => speechId !== undefined && calls.has(speechId),

    /** A new call to an awaiting number: answer it, hold it, tell the concierges. */
    async incoming(
      connection: SipConnection,
      invite: SipRequest,
      caller: SipNumberInfo,
      callee: SipNumberInfo,
      /** A CANCEL may have come while the call was being looked up. */
      cancelled: () => boolean = () => false,
    ) {
      const asked = invite.get('X-Speech-Id');
      const id = asked && !calls.has(asked) && asked.length <= 100 ? asked : randomUUID();
      const record = startRecord({
        speechId: id,
        caller,
        callee,
        type: 'awaiting',
        isSos: invite.get('X-Sos-Call') === '1',
      });
      const [concerned, info] = await Promise.all([deps.concerned(callee), deps.describe(caller)]);
      const leg = await answer(connection, invite, callee.number, caller.number, cancelled);
      if (!leg) {
        if (connection.open) reply(connection, invite, 487);
        void history.finish(record, 'cancel');
        return;
      }
      leg.media.playHoldTone();
      const call: QueuedCall = {
        id,
        caller,
        callee,
        status: 'waiting',
        answeredBy: null,
        createdAt: record.startedAt,
        info,
        concerned,
        callerLeg: leg,
        conciergeLeg: null,
        record,
      };
      calls.set(id, call);
      publish(call);
    },

    /** A concierge's INVITE with the call's speech id: bridge them to the caller. */
    async join(
      connection: SipConnection,
      invite: SipRequest,
      joiner: SipNumberInfo,
      speechId: string,
      cancelled: () => boolean = () => false,
    ) {
      const call = calls.get(speechId);
      if (!call) return void reply(connection, invite, REFUSE.gone);
      if (!call.concerned.includes(joiner.number)) return void reply(connection, invite, REFUSE.notConcerned);
      const takenByOther =
        call.status === 'answered' || (call.status === 'answered_waiting' && call.answeredBy !== joiner.number);
      if (takenByOther) return void reply(connection, invite, REFUSE.busy, { reason: 'Answered By Another' });
      const leg = await answer(connection, invite, call.callee.number, joiner.number, cancelled);
      if (!leg) {
        if (connection.open) reply(connection, invite, 487);
        return;
      }
      // The call may have ended, or another concierge joined, while media was being set up.
      if (call.status === 'destroyed' || call.conciergeLeg) {
        hangUp(leg, outbound);
        return;
      }
      call.conciergeLeg = leg;
      call.callerLeg.media.bridge(leg.media);
      call.status = 'answered';
      call.answeredBy = joiner.number;
      history.answered(call.record, joiner.number);
      publish(call);
    },

    /** CANCEL of an INVITE still being answered. False when not ours. */
    cancel(connection: SipConnection, request: SipRequest): boolean {
      const state = answering.get(answeringKey(connection, request));
      if (!state) return false;
      state.cancelled = true;
      reply(connection, request, 200);
      return true;
    },

    /** A request inside one of our legs' dialogs. False when it is not ours. */
    inDialog(connection: SipConnection, request: SipRequest): boolean {
      const found = findLeg(request);
      if (!found || found.leg.connection !== connection) return false;
      const { call, leg } = found;
      switch (request.method) {
        case 'ACK':
          break;
        case 'BYE':
          reply(connection, request, 200);
          if (leg === call.callerLeg) end(call, 'caller');
          else hold(call);
          break;
        case 'INFO': {
          reply(connection, request, 200);
          // DTMF passes through to the other side (a concierge's # reaches the door panel).
          const other = leg === call.callerLeg ? call.conciergeLeg : call.callerLeg;
          if (other && !other.ended) {
            const type = request.get('Content-Type') ?? DTMF_CONTENT_TYPE;
            void outbound.send(other.connection, legRequest(other, 'INFO', { type, text: request.body }));
          }
          break;
        }
        case 'INVITE':
          // A re-INVITE (refresh, ICE restart): our media does not change, so the same answer stands.
          reply(connection, request, 200, {
            toTag: leg.localTag,
            headers: { Contact: leg.contact, 'Content-Type': 'application/sdp', Allow: ALLOW },
            body: request.body ? answerDirection(leg.answerSdp, request.body) : leg.answerSdp,
          });
          break;
        case 'UPDATE':
        case 'OPTIONS':
          reply(connection, request, 200, { headers: { Allow: ALLOW } });
          break;
        default:
          reply(connection, request, 405, { headers: { Allow: ALLOW } });
      }
      return true;
    },

    /** POST /calls/stop: ends the call for everyone. False when there is no such call. */
    stop(speechId: string): boolean {
      const call = calls.get(speechId);
      if (!call) return false;
      end(call, 'stop');
      return true;
    },

    /** Calls that concern a number (GET /calls/waiting/items). */
    waitingFor(numbers: readonly string[]): WaitingCall[] {
      return [...calls.values()].filter((c) => c.concerned.some((n) => numbers.includes(n))).map(view);
    },

    /** Whether a call concerns one of these numbers (who may stop it). */
    concerns(speechId: string, numbers: readonly string[]): boolean {
      return calls.get(speechId)?.concerned.some((n) => numbers.includes(n)) ?? false;
    },

    connectionClosed(connection: SipConnection) {
      for (const call of [...calls.values()]) {
        if (call.callerLeg.connection === connection) end(call, 'caller');
        else if (call.conciergeLeg?.connection === connection) hold(call);
      }
    },

    count: () => calls.size,

    /** Ends every call (shutdown, restart). */
    closeAll() {
      for (const call of [...calls.values()]) end(call, 'stop');
    },
  };
}

export type CallQueue = ReturnType<typeof createCallQueue>;
