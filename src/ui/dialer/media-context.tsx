import { createContext, type ReactNode, useContext } from 'react';
import type { VideoKind } from '../../services/sip/media';

/** Attaches a view's video element to a call's media (the services own the streams). */
export type AttachVideo = (speechId: string, kind: VideoKind, element: HTMLVideoElement | null) => void;

const noop: AttachVideo = () => {};
const MediaContext = createContext<AttachVideo>(noop);

/** Gives the dialer's views the softphone's video attachment (stories and tests get none). */
export function SoftphoneMediaProvider({ attachVideo, children }: { attachVideo: AttachVideo; children: ReactNode }) {
  return <MediaContext.Provider value={attachVideo}>{children}</MediaContext.Provider>;
}

export const useAttachVideo = () => useContext(MediaContext);
