import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where an act came from: set by the call plumbing around every handler, so an audit event
 * written anywhere below it (the generic one, or one a domain writes in its own transaction)
 * says who called from where, through which call and request, without passing them down.
 */
export interface ActOrigin {
  /** The client's address as the server saw it (TRUST_PROXY applied). */
  ip: string | null;
  requestId: string | null;
  /** The contract call, e.g. `PATCH /users/{id}`. */
  call: string | null;
}

const storage = new AsyncLocalStorage<ActOrigin>();

/** Runs `work` with `origin` as the origin of every act recorded inside it. */
export const withActOrigin = <T>(origin: ActOrigin, work: () => Promise<T>): Promise<T> => storage.run(origin, work);

/** The origin of the act being served, if any (background work has none). */
export const currentActOrigin = (): ActOrigin | undefined => storage.getStore();
