import ringUrl from './assets/ring.wav';

/** Something that plays and pauses (an HTMLAudioElement in the browser). */
export interface Player {
  loop: boolean;
  currentTime: number;
  play(): Promise<void> | undefined;
  pause(): void;
}

/**
 * The ring of incoming calls (4): it sounds while at least one call rings and
 * stops when the last one is answered or ends.
 */
export function createRinger(makePlayer: () => Player = () => new Audio(ringUrl)) {
  const ringing = new Set<string>();
  let player: Player | null = null;
  return {
    start(speechId: string) {
      ringing.add(speechId);
      if (ringing.size > 1) return;
      player ??= makePlayer();
      player.loop = true;
      player.currentTime = 0;
      // Autoplay may be refused before the user touched the page: the button still vibrates.
      player.play()?.catch((error: unknown) => console.warn('the ring could not be played', error));
    },
    stop(speechId: string) {
      if (!ringing.delete(speechId) || ringing.size > 0) return;
      player?.pause();
    },
    isRinging: () => ringing.size > 0,
  };
}

export type Ringer = ReturnType<typeof createRinger>;
