import type { MediaSink } from './phone';

/** A missing media-device interface (8.1): no `navigator.mediaDevices` (an insecure page, an old browser). */
export const MEDIA_DEVICES_MISSING = 'media devices missing';

/**
 * Asks for microphone access once (5: the dialer starts only when media access
 * is approved) and releases the microphone at once; calls open their own.
 */
export async function requestMediaAccess(nav: Pick<Navigator, 'mediaDevices'> = navigator): Promise<void> {
  if (!nav.mediaDevices?.getUserMedia) throw { name: MEDIA_DEVICES_MISSING };
  const stream = await nav.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
}

/** Where a call's video is shown: the remote party, or our own camera. */
export type VideoKind = 'remote' | 'local';

/** Browser media: the services own the media elements; views only offer a slot for video. */
export interface BrowserMedia extends MediaSink {
  /** A view's video element for a call (null when it unmounts). */
  attachVideo(speechId: string, kind: VideoKind, element: HTMLVideoElement | null): void;
}

interface CallMedia {
  audio: HTMLAudioElement;
  remote: MediaStream;
  local: MediaStream;
  videos: Partial<Record<VideoKind, HTMLVideoElement>>;
  volume: number;
}

/**
 * Plays each call's remote audio in a hidden audio element and routes its
 * video to the element a view attached. Removal failures are only logged (8.3).
 */
export function createBrowserMedia(doc: Document = document): BrowserMedia {
  const calls = new Map<string, CallMedia>();
  const slots = new Map<string, Partial<Record<VideoKind, HTMLVideoElement>>>();

  const show = (entry: CallMedia, kind: VideoKind) => {
    const element = entry.videos[kind];
    if (!element) return;
    const stream = kind === 'remote' ? entry.remote : entry.local;
    if (element.srcObject !== stream) element.srcObject = stream;
  };

  return {
    connect(speechId, connection) {
      this.release(speechId);
      const audio = doc.createElement('audio');
      audio.autoplay = true;
      audio.hidden = true;
      audio.dataset.speechId = speechId;
      doc.body.append(audio);
      const entry: CallMedia = {
        audio,
        remote: new MediaStream(),
        local: new MediaStream(),
        videos: slots.get(speechId) ?? {},
        volume: 1,
      };
      calls.set(speechId, entry);
      audio.srcObject = entry.remote;
      const addRemote = (track: MediaStreamTrack) => {
        if (!entry.remote.getTracks().includes(track)) entry.remote.addTrack(track);
        show(entry, 'remote');
      };
      for (const receiver of connection.getReceivers?.() ?? []) if (receiver.track) addRemote(receiver.track);
      connection.addEventListener('track', (event) => addRemote(event.track));
      const addLocal = () => {
        for (const sender of connection.getSenders?.() ?? [])
          if (sender.track?.kind === 'video' && !entry.local.getTracks().includes(sender.track))
            entry.local.addTrack(sender.track);
        show(entry, 'local');
      };
      addLocal();
      connection.addEventListener('negotiationneeded', addLocal);
      connection.addEventListener('signalingstatechange', addLocal);
    },
    setVolume(speechId, volume) {
      const entry = calls.get(speechId);
      if (entry) entry.audio.volume = volume;
    },
    release(speechId) {
      const entry = calls.get(speechId);
      if (!entry) return;
      calls.delete(speechId);
      try {
        entry.audio.srcObject = null;
        entry.audio.remove();
        for (const element of Object.values(entry.videos)) if (element) element.srcObject = null;
      } catch (error) {
        console.warn('could not remove the media elements of a call', error);
      }
    },
    attachVideo(speechId, kind, element) {
      const slot = { ...slots.get(speechId) };
      if (element) slot[kind] = element;
      else delete slot[kind];
      slots.set(speechId, slot);
      const entry = calls.get(speechId);
      if (entry) {
        entry.videos = slot;
        show(entry, kind);
      }
    },
  };
}
