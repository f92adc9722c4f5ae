import type { RealtimeData } from '../../src/contract/realtime';
import type { Auth } from '../domain/auth/auth-context';

/**
 * Who may subscribe to the topics under one prefix: `rest` is the topic after
 * the prefix (`private-users.` + `42` → `42`).
 */
export type TopicCheck = (auth: Auth, rest: string) => boolean | Promise<boolean>;

/** Where an event belongs: one project's consoles, or (null) every console of the installation. */
export interface EventScope {
  projectId: number | null;
}

/** Which login sessions ended: one session, or every session of a user but one. */
export type EndedSessions = { familyId: string } | { userId: number; projectId?: number; exceptFamilyId?: string };

/** What domain code uses to push events to consoles (ctx.realtime). */
export interface Realtime {
  /**
   * Publishes `data` on `topic` to the subscribers of `scope` on every server
   * node: a project's events never reach a console logged into another project.
   * Fire and forget: a failure of the bus is logged, never thrown at the caller.
   */
  publish(topic: string, data: RealtimeData, scope: EventScope): void;
  /**
   * Registers the rule for topics starting with `prefix` (longest prefix wins;
   * unknown topics are refused). Topics are the server's to speak on: clients
   * may publish only where `clientPublish` says so.
   */
  authorize(prefix: string, check: TopicCheck, options?: { clientPublish?: boolean }): void;
  /** Closes the sockets of sessions that ended (logout, password change, deletion) on every node. */
  endSessions(ended: EndedSessions): void;
}
