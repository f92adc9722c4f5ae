import type { SnapshotFrom } from 'xstate';
import { type IpUnbanContext, type IpUnbanMachine, ipUnbanMachine } from './ip-unban.machine';

const snapshot = (value: string, context: IpUnbanContext) => ipUnbanMachine.resolveState({ value, context });

/** One snapshot per state, plus the unban-all confirmation (all services, and SIP only). */
export const ipUnbanFixtures = {
  idle: snapshot('idle', { target: null }),
  confirming: snapshot('confirming', { target: { kind: 'one', ip: '203.0.113.7', service: 'sip' } }),
  confirmingAll: snapshot('confirming', { target: { kind: 'all', service: null } }),
  confirmingAllSip: snapshot('confirming', { target: { kind: 'all', service: 'sip' } }),
  unbanning: snapshot('unbanning', { target: { kind: 'one', ip: '203.0.113.7', service: 'sip' } }),
} satisfies Record<string, SnapshotFrom<IpUnbanMachine>>;
