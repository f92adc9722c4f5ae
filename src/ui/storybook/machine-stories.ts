import type { StateValue } from 'xstate';

/**
 * The machines of `src/machines` (their folder names), each with a
 * `<name>.fixtures.ts`. A story module of the Machines section names its
 * machine in `parameters.machine`; the stories test checks that every state in
 * the machine's fixtures has a story there, and that each story hydrates the
 * fixture it says it shows.
 */
export type MachineName =
  | 'access-matrix'
  | 'access-explain'
  | 'alarm-processing'
  | 'alerts'
  | 'amenity-reservation'
  | 'app'
  | 'call'
  | 'conversation-feed'
  | 'conversation-thread'
  | 'device-init'
  | 'device-tasks'
  | 'device-search'
  | 'dialer'
  | 'entity-form'
  | 'entity-list'
  | 'generate-groups'
  | 'group-delete'
  | 'group-tree'
  | 'guest-key'
  | 'identifier-import'
  | 'interception'
  | 'ip-unban'
  | 'licence-add'
  | 'lift-call'
  | 'loader'
  | 'notification-list'
  | 'notifications'
  | 'password-form'
  | 'picker'
  | 'poll-answer'
  | 'profile-form'
  | 'project-days'
  | 'public-form'
  | 'realtime'
  | 'remote-control'
  | 'schedule-preview'
  | 'session'
  | 'sip-registration'
  | 'softphone'
  | 'structure-import'
  | 'system-action'
  | 'topic-feed'
  | 'user-transfer';

/** `parameters` of a Machines story: its machine (on the meta) and the fixture it shows (on the story). */
export interface MachineStoryParameters {
  machine?: MachineName;
  fixture?: string;
}

const isParallel = (value: object) => Object.keys(value).length > 1;

/**
 * A state's name as its story is called: the state's path as the machine
 * writes it, which uses the spec's names where the spec names the state
 * (`running.invalid_registration`, `processed_paused`, `online.connecting`).
 * Parallel regions read `region: state`, joined by commas; a machine without
 * states (alerts) has only its root.
 */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value) as [string, StateValue][];
  if (entries.length === 0) return '(root)';
  if (isParallel(value)) return entries.map(([region, child]) => `${region}: ${stateName(child)}`).join(', ');
  const [key, child] = entries[0] as [string, StateValue];
  if (typeof child !== 'string' && isParallel(child)) return `${key} (${stateName(child)})`;
  return `${key}.${stateName(child)}`;
}

/**
 * A Machines story over a frame that takes `state` (a fixture name): its args
 * and its `parameters.fixture` name the same fixture.
 */
export const showing = <const K extends string>(fixture: K) => ({ args: { state: fixture }, parameters: { fixture } });
