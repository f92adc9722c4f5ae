import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';

/**
 * Starts an outgoing call: the dialer's `call.start` with a fresh speech id
 * (X-Speech-Id, 7.11). Without a number it dials the keypad's; a name
 * (from contacts or recents) labels the call card.
 */
export function useStartCall(dialerRef: ActorRefFrom<DialerMachine>) {
  return useCallback(
    (number?: string, video = false, name?: string) =>
      dialerRef.send({ type: 'call.start', speechId: crypto.randomUUID(), number, video, name }),
    [dialerRef],
  );
}
