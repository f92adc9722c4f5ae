import importantUrl from '../assets/sounds/important.wav?url';
import type { NotificationSound } from '../contract/entities/notification';

/** Plays the sounds notifications name. */
export interface SoundPlayer {
  play(sound: NotificationSound): void;
}

const URLS: Record<NotificationSound, string> = { important: importantUrl };

/**
 * One audio element per sound, reused. A browser that blocks sound before the
 * first user gesture refuses play(); that is logged, the popup still shows.
 */
export function createSoundPlayer(): SoundPlayer {
  const elements = new Map<NotificationSound, HTMLAudioElement>();
  return {
    play(sound) {
      if (typeof Audio === 'undefined') return;
      let element = elements.get(sound);
      if (!element) {
        element = new Audio(URLS[sound]);
        element.preload = 'auto';
        elements.set(sound, element);
      }
      element.currentTime = 0;
      element.play()?.catch((error: unknown) => console.warn('notification sound not played', error));
    },
  };
}
