import type { RealtimeCommand, RealtimeData, RealtimeMessage } from '../../contract/realtime';

/** The connection state of 4 / 7.10 (the states are tagged with it); a token refresh counts as connecting. */
export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

/** Topic → systemIds of the actors listening to it. */
export type Subscriptions = Record<string, string[]>;

export interface RealtimeContext {
  subscriptions: Subscriptions;
  /** A ping went out and no message has come back since: the next check finds the line dead. */
  awaitingPong: boolean;
  /** Close code of the last drop (4001 token expired, 4003 unauthorized, 1006 network…), for the views. */
  lastCloseCode: number | null;
  /** Connections made since start; more than one means the actor reconnected. */
  connections: number;
}

export interface RealtimeInput {
  /** Listeners known before the actor starts (the root actor's own topics). */
  subscriptions?: Subscriptions;
}

/** What the `socket` effect reports. */
export type SocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.message'; message: RealtimeMessage }
  | { type: 'socket.closed'; code: number };

export type RealtimeEvent =
  | SocketEvent
  /** From any actor: deliver messages of `topic` to the actor with systemId `subscriber`. */
  | { type: 'realtime.subscribe'; topic: string; subscriber: string }
  | { type: 'realtime.unsubscribe'; topic: string; subscriber: string };

/** What the socket effect receives from the machine. */
export type SocketCommand = { type: 'socket.send'; command: RealtimeCommand };

/** What subscribers receive. */
export type RealtimeDelivery =
  | { type: 'realtime.message'; topic: string; data: RealtimeData }
  /** After every (re)connection: refetch what may have been missed while away. */
  | { type: 'realtime.connected' };
