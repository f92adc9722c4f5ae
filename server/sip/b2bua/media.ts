/**
 * The media side of one B2BUA leg, injected into the call queue so that
 * signalling does not depend on a media engine. The werift engine of
 * `server/media/` implements it (the app's default); signalling tests use the
 * SDP stub of `stub-media.ts`.
 */
export interface MediaEndpoint {
  /** Answers a remote offer; resolves with our SDP answer. */
  answer(offerSdp: string): Promise<string>;
  /** Makes an offer (for legs the server calls out on); resolves with our SDP offer. */
  offer(): Promise<string>;
  /** Takes the remote answer to our offer. */
  accept(answerSdp: string): Promise<void>;
  /** Plays the hold tone to this leg's peer until bridged or closed. */
  playHoldTone(): void;
  /** Connects this leg's media with another leg's, both ways (stops the hold tone). */
  bridge(other: MediaEndpoint): void;
  /** Releases the endpoint (the werift engine resolves once its sockets are closed). */
  close(): void | Promise<void>;
}

/** Makes a fresh endpoint per leg. */
export type MediaFactory = () => MediaEndpoint;

/** Closes an endpoint without waiting, and without letting a failure escape as an unhandled rejection. */
export function release(media: MediaEndpoint): void {
  try {
    void Promise.resolve(media.close()).catch(() => undefined);
  } catch {
    // Already closed: nothing to release.
  }
}
