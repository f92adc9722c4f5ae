import type { ForwardPlan, ForwardStage } from '../domain/telephony/forwarding';
import { newBranch, newTag, nextMaxForwards, reply, type SipCore } from './core';
import type { Dialogs } from './dialogs';
import { CONNECTION_PARAM, recordRoute } from './dialogs';
import type { SipNumberInfo } from './directory';
import type { CallHistory, CallOutcome, CallRecord } from './history';
import { outcomeOfStatus } from './history';
import { responseTo, SipRequest, type SipResponse } from './message';
import type { SipConnection } from './transport';
import { parseNameAddr } from './uri';

/** How long an INVITE rings before the server gives up (480, outcome noanswer). */
export const RING_TIMEOUT_MS = 60_000;
/** After CANCELs went out, how long to wait for the branches' 487 before answering the caller anyway. */
export const CANCEL_GRACE_MS = 4_000;
/** How long a finished INVITE transaction is kept to absorb retransmitted ACKs and late 2xx. */
const LINGER_MS = 32_000;

/** A registration to ring, and the number it belongs to. */
export interface RingTarget {
  contact: string;
  connectionId: string;
  number: string;
}

/** One forked copy of an INVITE, sent to one registration. */
interface Branch {
  id: string;
  /** Which stage rang it: 0 the callee (and interceptors), then the forward stages. */
  stage: number;
  /** The number this branch rings: the callee's, or an intercepting concierge's. */
  number: string;
  connection: SipConnection;
  request: SipRequest;
  /** Final status received (or assumed when the connection died), null while ringing. */
  final: number | null;
}

interface InviteTx {
  key: string;
  caller: SipConnection;
  request: SipRequest;
  branches: Map<string, Branch>;
  /** Best final failure so far (RFC 3261 16.7 choice, simplified). */
  best: SipResponse | null;
  answered: boolean;
  /** The caller has its final response. */
  done: boolean;
  cancelled: boolean;
  timedOut: boolean;
  record: CallRecord;
  timers: NodeJS.Timeout[];
  /** The current stage's timer (ring timeout or no-answer forward). */
  stageTimer: NodeJS.Timeout | null;
  localTag: string;
  callee: SipNumberInfo;
  hops: number;
  stage: number;
  /** Forward stages still to ring, and how the callee's stage hands over to them. */
  forward: ForwardPlan | null;
  /** The forward stages are under way (the callee's stage is over). */
  forwarding: boolean;
  /** Between the callee's failure and an error redirect's first stage: late answers change nothing. */
  waiting: boolean;
  pending: ForwardStage[];
  startedAt: number;
  targetsOf: (numbers: string[]) => RingTarget[];
}

/** 6xx beats everything, then busy, then the lowest code (a real answer over "nobody there"). */
function better(a: SipResponse | null, b: SipResponse): boolean {
  if (!a) return true;
  const rank = (s: number) => (s >= 600 ? 0 : s === 486 ? 1 : 2);
  return rank(b.status) < rank(a.status) || (rank(b.status) === rank(a.status) && b.status < a.status);
}

/**
 * The forking proxy for INVITEs between registered users: every registration
 * of the callee gets a copy (several tabs ring at once), the first 2xx wins and
 * the others are cancelled, failures are aggregated into one final answer.
 * Concierges intercepting the callee's group ring too (X-Target-Callee tells
 * them whom the call was for).
 * Double Record-Route keeps us in the dialog so in-dialog requests find their
 * WebSocket. Each call is recorded into the call history.
 */
export function createForkingProxy(core: SipCore, dialogs: Dialogs, history: CallHistory) {
  const byCaller = new Map<string, InviteTx>();
  const byBranch = new Map<string, { tx: InviteTx; branch: Branch }>();
  const keyOf = (connection: SipConnection, request: SipRequest) =>
    `${connection.id} ${(request.get('Via') ?? '').replace(/\s+/g, '')}`;

  const later = (tx: InviteTx, ms: number, fn: () => void) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    tx.timers.push(timer);
  };

  const forget = (tx: InviteTx) => {
    for (const t of tx.timers) clearTimeout(t);
    if (tx.stageTimer) clearTimeout(tx.stageTimer);
    tx.timers = [];
    const timer = setTimeout(() => {
      byCaller.delete(tx.key);
      for (const id of tx.branches.keys()) byBranch.delete(id);
    }, LINGER_MS);
    timer.unref();
  };

  const sendCancel = (branch: Branch) => {
    if (branch.final !== null || !branch.connection.open) return;
    const cancel = new SipRequest('CANCEL', branch.request.uri);
    cancel.set('Via', branch.request.get('Via')!);
    cancel.set('Max-Forwards', '70');
    for (const name of ['From', 'To', 'Call-ID']) cancel.set(name, branch.request.get(name) ?? '');
    cancel.set('CSeq', `${(branch.request.get('CSeq') ?? '1').split(/\s+/)[0]} CANCEL`);
    branch.connection.send(cancel);
  };

  /** When no branch of the current stage is still ringing and nobody answered: forward, or the final answer. */
  const settle = (tx: InviteTx, force = false) => {
    if (tx.done || tx.answered || (tx.waiting && !force)) return;
    if (!force && [...tx.branches.values()].some((b) => b.final === null && b.stage === tx.stage)) return;
    if (!force && !tx.cancelled && !tx.timedOut && handOver(tx, 'failed')) return;
    finish(tx);
  };

  /** The caller's final answer: the best failure, 487 when cancelled, 480 when nobody answered in time. */
  const finish = (tx: InviteTx) => {
    if (tx.done || tx.answered) return;
    tx.done = true;
    let status = tx.best?.status ?? 480;
    let outcome: CallOutcome = outcomeOfStatus(status);
    if (tx.cancelled) {
      status = 487;
      outcome = 'cancel';
    } else if (tx.timedOut) {
      status = 480;
      outcome = 'noanswer';
    }
    if (tx.caller.open) {
      tx.caller.send(
        tx.best && tx.best.status === status ? tx.best : responseTo(tx.request, status, { toTag: tx.localTag }),
      );
    }
    void history.finish(tx.record, outcome);
    forget(tx);
  };

  const cancelRinging = (tx: InviteTx) => {
    for (const branch of tx.branches.values()) sendCancel(branch);
    later(tx, CANCEL_GRACE_MS, () => settle(tx, true));
  };

  /** Sends the INVITE to each target as one stage; false when none could be reached. */
  const ring = (tx: InviteTx, targets: RingTarget[], ringMs: number): boolean => {
    tx.stage += 1;
    if (tx.stageTimer) clearTimeout(tx.stageTimer);
    let sent = 0;
    for (const binding of targets) {
      const target = core.transport.get(binding.connectionId);
      if (!target || binding.number === tx.record.from.number) continue;
      const copy = tx.request.clone();
      copy.uri = binding.contact;
      // Leading Routes that name us (an outbound-proxy route set by the client) are consumed here.
      while (copy.get('Route') && isOwnRoute(core.domain, copy.get('Route')!)) copy.shift('Route');
      copy.remove('Proxy-Authorization');
      copy.set('Max-Forwards', String(tx.hops));
      const id = newBranch();
      copy.prepend('Via', `SIP/2.0/WSS ${core.domain};branch=${id};${CONNECTION_PARAM}=${tx.caller.id}`);
      copy.prepend('Record-Route', recordRoute(core.domain, tx.caller.id));
      copy.prepend('Record-Route', recordRoute(core.domain, target.id));
      copy.set('X-Speech-Id', tx.record.speechId);
      copy.set('X-Sos-Call', tx.record.isSos ? '1' : '0');
      copy.set('X-Speech-Type', 'normal');
      copy.set('X-Target-Callee', tx.callee.number);
      const branch: Branch = {
        id,
        stage: tx.stage,
        number: binding.number,
        connection: target,
        request: copy,
        final: null,
      };
      tx.branches.set(id, branch);
      byBranch.set(id, { tx, branch });
      target.send(copy);
      sent++;
    }
    if (sent === 0) return false;
    tx.stageTimer = setTimeout(() => {
      if (tx.done || tx.answered) return;
      // Nobody answered this stage in time: its phones stop; forward on, or give up (480, noanswer).
      const stage = tx.stage;
      for (const branch of tx.branches.values()) if (branch.stage === stage) sendCancel(branch);
      if (handOver(tx, 'noanswer')) return;
      tx.timedOut = true;
      later(tx, CANCEL_GRACE_MS, () => finish(tx));
      settle(tx);
    }, ringMs);
    tx.stageTimer.unref();
    return true;
  };

  /**
   * The current stage is over without an answer (its phones failed, or rang out): starts the next
   * forward stage that reaches someone. True when one rings (or will, after the error delay).
   */
  const handOver = (tx: InviteTx, why: 'failed' | 'noanswer'): boolean => {
    if (!tx.forwarding) {
      const rule = why === 'noanswer' ? tx.forward?.noAnswer : tx.forward?.onError;
      if (!rule) return false;
      tx.forwarding = true;
      tx.pending = [...rule.stages];
      // An error redirect waits until its timeout has passed since the call began (ringback meanwhile).
      const wait =
        why === 'failed' && tx.forward?.onError ? tx.forward.onError.afterMs - (Date.now() - tx.startedAt) : 0;
      if (wait > 0) {
        tx.stage += 1;
        tx.waiting = true;
        later(tx, wait, () => {
          tx.waiting = false;
          if (!nextStage(tx)) finish(tx);
        });
        return true;
      }
    }
    return nextStage(tx);
  };

  const nextStage = (tx: InviteTx): boolean => {
    if (tx.done || tx.answered || tx.cancelled) return false;
    for (let stage = tx.pending.shift(); stage; stage = tx.pending.shift()) {
      if (ring(tx, tx.targetsOf(stage.numbers), stage.ringMs)) return true;
    }
    return false;
  };

  const branchFinal = (tx: InviteTx, branch: Branch, status: number, response: SipResponse | null) => {
    if (branch.final !== null) return;
    branch.final = status;
    // 487s of phones we stopped ourselves say nothing about the call.
    if (response && status !== 487 && better(tx.best, response)) tx.best = response;
    // A global failure (6xx) stops the other phones ringing (RFC 3261 16.7.9).
    if (status >= 600 && !tx.answered && !tx.done) {
      for (const other of tx.branches.values()) sendCancel(other);
    }
    settle(tx);
  };

  return {
    /** True when this INVITE (by its top Via) is already being handled: a retransmission. */
    isKnown: (connection: SipConnection, request: SipRequest) => byCaller.has(keyOf(connection, request)),

    /**
     * Forks an initial INVITE (caller authenticated, callee looked up) to every registration of the
     * callee and its interceptors, then to the forward stages when nobody takes it.
     */
    invite(
      connection: SipConnection,
      request: SipRequest,
      input: {
        callee: SipNumberInfo;
        record: CallRecord;
        /** Registrations of the callee and of the concierges intercepting it. */
        first: RingTarget[];
        forward: ForwardPlan | null;
        targetsOf: (numbers: string[]) => RingTarget[];
      },
    ) {
      const { record } = input;
      const tx: InviteTx = {
        key: keyOf(connection, request),
        caller: connection,
        request,
        branches: new Map(),
        best: null,
        answered: false,
        done: false,
        cancelled: false,
        timedOut: false,
        record,
        timers: [],
        stageTimer: null,
        localTag: newTag(),
        callee: input.callee,
        hops: 0,
        stage: 0,
        forward: input.forward,
        forwarding: false,
        waiting: false,
        pending: [],
        startedAt: Date.now(),
        targetsOf: input.targetsOf,
      };
      byCaller.set(tx.key, tx);
      const hops = nextMaxForwards(request);
      if (hops === null) {
        tx.done = true;
        reply(connection, request, 483, { toTag: tx.localTag });
        void history.finish(record, 'failed');
        forget(tx);
        return;
      }
      tx.hops = hops;
      const forward = input.forward;
      if (forward?.noAnswer?.immediately) {
        // Forwarded at once: the callee does not ring.
        tx.forwarding = true;
        tx.pending = [...forward.noAnswer.stages];
        if (!nextStage(tx)) finish(tx);
        return;
      }
      const ringMs = forward?.noAnswer ? forward.noAnswer.afterMs : RING_TIMEOUT_MS;
      // Nobody registered is a failure of the callee: the error redirect may take it.
      if (!ring(tx, input.first, ringMs) && !handOver(tx, 'failed')) finish(tx);
    },

    /** A response to one of our forked INVITEs (our Via already removed); false when the branch is not ours. */
    response(branchId: string, from: SipConnection, response: SipResponse): boolean {
      const found = byBranch.get(branchId);
      if (!found) return false;
      const { tx, branch } = found;
      if (from !== branch.connection) return true;
      const status = response.status;
      if (status < 200) {
        if (status > 100 && !tx.done && !tx.answered) tx.caller.send(response);
        return true;
      }
      if (status < 300) {
        branch.final ??= status;
        // Every 2xx goes to the caller (RFC 3261 16.7.4); the caller ACKs and, for extra ones, hangs up.
        tx.caller.send(response);
        if (!tx.answered && !tx.done) {
          tx.answered = true;
          tx.done = true;
          history.answered(tx.record, branch.number);
          for (const other of tx.branches.values()) if (other !== branch) sendCancel(other);
          forget(tx);
        }
        dialogs.confirm({ invite: tx.request, answer: response, caller: tx.caller, callee: from, record: tx.record });
        return true;
      }
      // A failure is acknowledged hop by hop: we send the ACK, the caller's ACK stops here.
      const ack = new SipRequest('ACK', branch.request.uri);
      ack.set('Via', branch.request.get('Via')!);
      ack.set('Max-Forwards', '70');
      for (const name of ['From', 'Call-ID']) ack.set(name, branch.request.get(name) ?? '');
      ack.set('To', response.get('To') ?? branch.request.get('To') ?? '');
      ack.set('CSeq', `${(branch.request.get('CSeq') ?? '1').split(/\s+/)[0]} ACK`);
      branch.connection.send(ack);
      branchFinal(tx, branch, status, response);
      return true;
    },

    /** CANCEL from the caller: 200 for the CANCEL, CANCEL to each ringing branch. False when unknown. */
    cancel(connection: SipConnection, request: SipRequest): boolean {
      const tx = byCaller.get(keyOf(connection, request));
      if (!tx) return false;
      reply(connection, request, 200);
      if (tx.done || tx.answered) return true;
      tx.cancelled = true;
      cancelRinging(tx);
      return true;
    },

    /** The ACK of a failure we answered (same top Via as the INVITE): absorbed. */
    absorbsAck: (connection: SipConnection, request: SipRequest) => byCaller.has(keyOf(connection, request)),

    connectionClosed(connection: SipConnection) {
      for (const tx of byCaller.values()) {
        if (tx.done || tx.answered) continue;
        if (tx.caller === connection) {
          tx.cancelled = true;
          cancelRinging(tx);
          continue;
        }
        for (const branch of tx.branches.values()) {
          if (branch.connection === connection) branchFinal(tx, branch, 480, null);
        }
      }
    },

    /** INVITEs still ringing. */
    ringing: () => [...byCaller.values()].filter((tx) => !tx.done && !tx.answered).length,

    /** Gives up on every ringing call (shutdown). */
    closeAll() {
      for (const tx of byCaller.values()) {
        if (!tx.done && !tx.answered) {
          for (const branch of tx.branches.values()) sendCancel(branch);
          tx.cancelled = true;
          settle(tx, true);
        }
        for (const t of tx.timers) clearTimeout(t);
        if (tx.stageTimer) clearTimeout(tx.stageTimer);
      }
      byCaller.clear();
      byBranch.clear();
    },
  };
}

export type ForkingProxy = ReturnType<typeof createForkingProxy>;

function isOwnRoute(domain: string, value: string): boolean {
  try {
    const uri = parseNameAddr(value).uri;
    return uri.host === domain.toLowerCase() && uri.user === null;
  } catch {
    return false;
  }
}
