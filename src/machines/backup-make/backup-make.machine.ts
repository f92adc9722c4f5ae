import { assign, fromCallback, setup } from 'xstate';
import { NAME_LENGTH } from '../../contract/constants';
import {
  BACKUP_ENTITIES,
  BACKUP_LIMITS,
  type Backup,
  type BackupEntity,
  type BackupPhase,
} from '../../contract/entities/backup';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

/**
 * Making a backup (7.8 "POST make with name and entities"): editing (name, the entities, the
 * passphrase twice: the server never keeps it, so a typo would lock the backup) → making, with
 * the server's progress → done (the backup, and a reminder to keep the passphrase), or back to
 * editing with the reason and everything kept.
 */
export interface BackupMakeRequest {
  name: string;
  entities: BackupEntity[];
  passphrase: string;
}

export interface BackupMakeContext extends BackupMakeRequest {
  passphraseAgain: string;
  progress: { phase: BackupPhase; percent: number } | null;
  made: Backup | null;
  failure: CallFailure | null;
}

export type BackupMakeEvent =
  | { type: 'make.nameChanged'; name: string }
  | { type: 'make.entityToggled'; entity: BackupEntity }
  | { type: 'make.allEntities'; on: boolean }
  | { type: 'make.passphraseChanged'; passphrase: string }
  | { type: 'make.passphraseAgainChanged'; passphrase: string }
  | { type: 'make.submit' }
  /** From the make effect: the server's progress, its answer, its refusal. */
  | { type: 'make.progress'; phase: BackupPhase; percent: number }
  | { type: 'make.made'; backup: Backup }
  | { type: 'make.failed'; failure: CallFailure };

export const emptyBackupMakeContext = (name = ''): BackupMakeContext => ({
  name,
  entities: [...BACKUP_ENTITIES],
  passphrase: '',
  passphraseAgain: '',
  progress: null,
  made: null,
  failure: null,
});

/** Why Make cannot be pressed yet (null: it can). */
export function makeProblem(c: BackupMakeContext): 'name' | 'entities' | 'passphrase' | 'mismatch' | null {
  const name = c.name.trim();
  if (name.length < NAME_LENGTH.min || name.length > NAME_LENGTH.max) return 'name';
  if (c.entities.length === 0) return 'entities';
  if (c.passphrase.length < BACKUP_LIMITS.passphraseMin || c.passphrase.length > BACKUP_LIMITS.passphraseMax)
    return 'passphrase';
  if (c.passphrase !== c.passphraseAgain) return 'mismatch';
  return null;
}

export const makeRequestOf = (c: BackupMakeContext): BackupMakeRequest => ({
  name: c.name.trim(),
  entities: BACKUP_ENTITIES.filter((e) => c.entities.includes(e)),
  passphrase: c.passphrase,
});

export const backupMakeMachine = setup({
  types: {
    context: {} as BackupMakeContext,
    events: {} as BackupMakeEvent,
    input: {} as { name?: string } | undefined,
  },
  actors: {
    /** POST /backups/make, sending back make.progress, then make.made or make.failed. */
    make: fromCallback<BackupMakeEvent, BackupMakeRequest>(() => () => {}),
  },
  actions: {
    alert: (_, _params: { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> }) => {},
    setName: assign((_, params: { name: string }) => ({ name: params.name, failure: null })),
    toggleEntity: assign(({ context }, params: { entity: BackupEntity }) => ({
      entities: context.entities.includes(params.entity)
        ? context.entities.filter((e) => e !== params.entity)
        : [...context.entities, params.entity],
      failure: null,
    })),
    setAll: assign((_, params: { on: boolean }) => ({
      entities: params.on ? [...BACKUP_ENTITIES] : [],
      failure: null,
    })),
    setPassphrase: assign((_, params: { passphrase: string }) => ({ passphrase: params.passphrase, failure: null })),
    setPassphraseAgain: assign((_, params: { passphrase: string }) => ({
      passphraseAgain: params.passphrase,
      failure: null,
    })),
    startProgress: assign({ progress: { phase: 'reading' as BackupPhase, percent: 0 }, failure: null }),
    /** Keeps the highest percent heard: messages may arrive out of order. */
    takeProgress: assign(({ context }, params: { phase: BackupPhase; percent: number }) => ({
      progress:
        context.progress && context.progress.percent > params.percent
          ? context.progress
          : { phase: params.phase, percent: Math.max(0, Math.min(100, params.percent)) },
    })),
    takeMade: assign((_, params: { backup: Backup }) => ({
      made: params.backup,
      progress: { phase: 'writing' as BackupPhase, percent: 100 },
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure, progress: null })),
  },
  guards: {
    canMake: ({ context }) => makeProblem(context) === null,
  },
}).createMachine({
  id: 'backupMake',
  context: ({ input }) => emptyBackupMakeContext(input?.name),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'make.nameChanged': { actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) } },
        'make.entityToggled': { actions: { type: 'toggleEntity', params: ({ event }) => ({ entity: event.entity }) } },
        'make.allEntities': { actions: { type: 'setAll', params: ({ event }) => ({ on: event.on }) } },
        'make.passphraseChanged': {
          actions: { type: 'setPassphrase', params: ({ event }) => ({ passphrase: event.passphrase }) },
        },
        'make.passphraseAgainChanged': {
          actions: { type: 'setPassphraseAgain', params: ({ event }) => ({ passphrase: event.passphrase }) },
        },
        'make.submit': { guard: 'canMake', target: 'making', actions: 'startProgress' },
      },
    },
    making: {
      invoke: { id: 'make', src: 'make', input: ({ context }) => makeRequestOf(context) },
      on: {
        'make.progress': {
          actions: { type: 'takeProgress', params: ({ event }) => ({ phase: event.phase, percent: event.percent }) },
        },
        'make.made': {
          target: 'done',
          actions: [
            { type: 'takeMade', params: ({ event }) => ({ backup: event.backup }) },
            {
              type: 'alert',
              params: ({ event }) => ({
                kind: 'success',
                code: 'backups:make.doneAlert',
                params: { name: event.backup.name },
              }),
            },
          ],
        },
        'make.failed': {
          target: 'editing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.failure }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.failure) },
          ],
        },
      },
    },
    done: {},
  },
});
export type BackupMakeMachine = typeof backupMakeMachine;
