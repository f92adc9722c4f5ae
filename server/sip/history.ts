import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SipLogger } from './core';
import type { SipNumberInfo } from './directory';

/** Call outcomes as call history stores them (DialerHistoryItem status). */
export type CallOutcome = 'answered' | 'cancel' | 'busy' | 'noanswer' | 'failed';

/**
 * The outcome of a call that ended with a final failure response: busy and
 * decline are `busy`; nobody reachable or no answer in time is `noanswer`;
 * a terminated request is `cancel`; anything else `failed`.
 */
export function outcomeOfStatus(status: number): CallOutcome {
  if (status >= 200 && status < 300) return 'answered';
  if (status === 486 || status === 600 || status === 603) return 'busy';
  if (status === 480 || status === 408) return 'noanswer';
  if (status === 487) return 'cancel';
  return 'failed';
}

/** One call being recorded; written to call_history once, when it ends. */
export interface CallRecord {
  speechId: string;
  projectId: number;
  from: { number: string; userId: number | null };
  to: { number: string; userId: number | null };
  type: 'normal' | 'awaiting';
  isSos: boolean;
  startedAt: Date;
  answeredAt: Date | null;
  answeredBy: string | null;
  endedAt: Date | null;
  outcome: CallOutcome | null;
}

/** Starts a record for a call from one number to another. */
export function startRecord(input: {
  speechId: string;
  caller: SipNumberInfo;
  callee: SipNumberInfo;
  type: 'normal' | 'awaiting';
  isSos: boolean;
}): CallRecord {
  return {
    speechId: input.speechId,
    projectId: input.callee.projectId,
    from: { number: input.caller.number, userId: input.caller.userId },
    to: { number: input.callee.number, userId: input.callee.userId },
    type: input.type,
    isSos: input.isSos,
    startedAt: new Date(),
    answeredAt: null,
    answeredBy: null,
    endedAt: null,
    outcome: null,
  };
}

/**
 * Writes finished calls into `call_history`. A record is finished once: later
 * calls of `finish` for the same record are ignored, so racing ends (a BYE and
 * a closed connection) write one row.
 */
export function createCallHistory(db: Kysely<Database>, log: SipLogger) {
  const pending = new Set<Promise<unknown>>();
  return {
    /** Marks the record answered (the first answer counts for the duration). */
    answered(record: CallRecord, by: string) {
      if (record.endedAt) return;
      record.answeredAt ??= new Date();
      record.answeredBy = by;
    },
    /** Ends the record with an outcome (answered calls stay answered) and writes the row. */
    finish(record: CallRecord, outcome: CallOutcome): Promise<void> {
      if (record.endedAt) return Promise.resolve();
      record.endedAt = new Date();
      record.outcome = record.answeredAt ? 'answered' : outcome;
      const duration = record.answeredAt
        ? Math.max(0, Math.round((record.endedAt.getTime() - record.answeredAt.getTime()) / 1000))
        : 0;
      const write = db
        .insertInto('call_history')
        .values({
          project_id: record.projectId,
          speech_id: record.speechId,
          from_number: record.from.number,
          to_number: record.to.number,
          from_user_id: record.from.userId,
          to_user_id: record.to.userId,
          answered_by: record.answeredBy,
          status: record.outcome,
          type: record.type,
          is_sos: record.isSos ? 1 : 0,
          duration,
          started_at: record.startedAt.toISOString(),
          answered_at: record.answeredAt?.toISOString() ?? null,
          ended_at: record.endedAt.toISOString(),
          created_at: record.startedAt.toISOString(),
        })
        .execute()
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, speechId: record.speechId }, 'sip: call history write failed'),
        );
      pending.add(write);
      void write.finally(() => pending.delete(write));
      return write;
    },
    /** Waits for the rows being written (shutdown, tests). */
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

export type CallHistory = ReturnType<typeof createCallHistory>;
