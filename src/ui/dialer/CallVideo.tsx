import { useTranslation } from 'react-i18next';
import { useAttachVideo } from './media-context';

/**
 * Video slots of a call: the services put the remote and local streams in them.
 * Both are muted: the call's sound plays from the services' audio element.
 */
export function CallVideo({ speechId, number }: { speechId: string; number: string }) {
  const { t } = useTranslation('dialer');
  const attach = useAttachVideo();
  return (
    <div className="relative mt-3 aspect-video overflow-hidden rounded-md bg-ink">
      <video
        ref={(element) => attach(speechId, 'remote', element)}
        aria-label={t('call.remoteVideo', { number })}
        autoPlay
        playsInline
        muted
        className="size-full object-cover"
      />
      <video
        ref={(element) => attach(speechId, 'local', element)}
        aria-label={t('call.localVideo')}
        autoPlay
        playsInline
        muted
        className="absolute right-2 bottom-2 h-1/4 rounded border border-white/40 bg-ink/60 object-cover"
      />
    </div>
  );
}
