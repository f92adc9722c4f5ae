import type { SnapshotFrom } from 'xstate';
import type { RemoteControlSession } from '../../contract/remote-control';
import { type RemoteControlContext, type RemoteControlMachine, remoteControlMachine } from './remote-control.machine';

/** A session on the demo's entrance panel. */
export const sampleSession: RemoteControlSession = {
  session_id: 'c2Vzc2lvbi1zdG9yeS0x',
  device_id: 1,
  serial_number: 'GH-DEMO-PANEL-A',
  device_name: 'Entrance panel',
  device_type: 'panel',
  screen: 'idle',
  expires_at: '2026-03-01T10:01:00.000Z',
  payload: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
};

const base: RemoteControlContext = { serial: 'GH-DEMO-PANEL-A', session: sampleSession, refusal: null, pending: null };
const snapshot = (value: string, context: Partial<RemoteControlContext> = {}) =>
  remoteControlMachine.resolveState({ value, context: { ...base, ...context } });

/** One snapshot per state of `remoteControl`. */
export const remoteControlFixtures = {
  opening: snapshot('opening', { session: null }),
  resuming: snapshot('resuming', { session: { ...sampleSession, screen: 'unknown', device_type: '' } }),
  active: snapshot('active'),
  commanding: snapshot('commanding', { pending: { command: 'relay.open', relay: 1 } }),
  closing: snapshot('closing'),
  closed: snapshot('closed', { session: null }),
  expired: snapshot('expired', { session: null }),
  refused: snapshot('refused', { session: null, refusal: 'offline' }),
  failed: snapshot('failed', { session: null }),
} satisfies Record<string, SnapshotFrom<RemoteControlMachine>>;
