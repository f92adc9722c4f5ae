import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { CallMachine } from '../../machines/call/call.machine';
import {
  selectCallStatus,
  selectCallType,
  selectCanAccept,
  selectCanHangup,
  selectCanHold,
  selectCanJoin,
  selectCanUseMedia,
  selectIsRinging,
  selectMicMuted,
  selectVideoOn,
  selectVolume,
} from '../../machines/call/call.selectors';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { IconButton } from './IconButton';

/** Props of {@link CallControls}. */
export interface CallControlsProps {
  callRef: ActorRefFrom<CallMachine>;
  dialerRef: ActorRefFrom<DialerMachine>;
  number: string;
}

/**
 * The buttons a call's state allows (2.6): answer and decline while ringing;
 * mute, volume, video, door (#), hold and hang up in a conversation; take or
 * resume and end for a queued call. Answer, take and resume go through the
 * dialer, which asks before interrupting another call.
 */
export function CallControls({ callRef, dialerRef, number }: CallControlsProps) {
  const { t } = useTranslation('dialer');
  const id = callRef.getSnapshot().context.speechId;
  const ringing = useSelector(callRef, selectIsRinging);
  const status = useSelector(callRef, selectCallStatus);
  const awaiting = useSelector(callRef, selectCallType) === 'awaiting';
  const canAccept = useSelector(callRef, selectCanAccept);
  const canJoin = useSelector(callRef, selectCanJoin);
  const canHold = useSelector(callRef, selectCanHold);
  const canHangup = useSelector(callRef, selectCanHangup);
  const inCall = useSelector(callRef, selectCanUseMedia);
  const muted = useSelector(callRef, selectMicMuted);
  const video = useSelector(callRef, selectVideoOn);
  const volume = useSelector(callRef, selectVolume);
  const hangupLabel = ringing && !awaiting ? t('call.decline') : awaiting ? t('call.stop') : t('call.hangup');
  return (
    <fieldset aria-label={t('call.controls', { number })} className="mt-3 flex flex-wrap items-center gap-2">
      {canAccept ? (
        <IconButton
          icon="phone"
          tone="accept"
          label={t('call.accept')}
          onClick={() => dialerRef.send({ type: 'call.accept', id })}
        />
      ) : null}
      {canJoin ? (
        <IconButton
          icon="play"
          tone="accept"
          label={status === 'processed_paused' ? t('call.resume') : t('call.join')}
          onClick={() => dialerRef.send({ type: 'call.join', id })}
        />
      ) : null}
      {inCall ? (
        <>
          <IconButton
            icon={muted ? 'micOff' : 'mic'}
            tone={muted ? 'active' : 'neutral'}
            aria-pressed={muted}
            label={muted ? t('call.unmute') : t('call.mute')}
            onClick={() => callRef.send({ type: 'call.toggleMute' })}
          />
          <IconButton
            icon={video ? 'video' : 'videoOff'}
            tone={video ? 'active' : 'neutral'}
            aria-pressed={video}
            label={video ? t('call.videoOff') : t('call.videoOn')}
            onClick={() => callRef.send({ type: 'call.toggleVideo' })}
          />
          <IconButton
            icon="door"
            label={t('call.openDoor')}
            onClick={() => callRef.send({ type: 'call.sendDtmf', tone: '#' })}
          />
          <label className="flex items-center gap-1.5 text-muted" title={t('call.volume')}>
            <span className="sr-only">{t('call.volume')}</span>
            <input
              type="range"
              min={0}
              max={100}
              step={5}
              value={Math.round(volume * 100)}
              onChange={(event) =>
                callRef.send({ type: 'call.volumeChanged', volume: Number(event.target.value) / 100 })
              }
              className="h-1 w-20 accent-brand-600"
            />
          </label>
        </>
      ) : null}
      <span className="flex-1" />
      {canHold ? (
        <IconButton icon="pause" label={t('call.hold')} onClick={() => callRef.send({ type: 'call.hold' })} />
      ) : null}
      {canHangup ? (
        <IconButton
          icon="hangup"
          tone="danger"
          label={hangupLabel}
          onClick={() => callRef.send({ type: 'call.hangup' })}
        />
      ) : null}
    </fieldset>
  );
}
