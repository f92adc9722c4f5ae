import type { RealtimeData } from '../../src/contract/realtime';
import type { Auth } from '../domain/auth/auth-context';

/**
 * Who may subscribe to the topics under one prefix: `rest` is the topic after
 * the prefix (`private-users.` + `42` → `42`).
 */
export type TopicCheck = (auth: Auth, rest: string) => boolean | Promise<boolean>;

/** What domain code uses to push events to consoles (ctx.realtime). */
export interface Realtime {
  /**
   * Publishes `data` on `topic` to every subscriber on every server node.
   * Fire and forget: a failure of the bus is logged, never thrown at the caller.
   */
  publish(topic: string, data: RealtimeData): void;
  /** Registers the rule for topics starting with `prefix` (longest prefix wins; unknown topics are refused). */
  authorize(prefix: string, check: TopicCheck): void;
}
