import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { CallMachine } from '../../machines/call/call.machine';
import { selectCallDuration, selectVideoOn } from '../../machines/call/call.selectors';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { cx } from '../kit/class-names';
import { Spinner } from '../kit/Spinner';
import { CallControls } from './CallControls';
import { CallVideo } from './CallVideo';
import { DialerIcon } from './dialer-icons';
import { endCauseKey } from './end-cause';
import { formatDuration, formatTime } from './format';
import { useCallFacts } from './use-call';

/** Props of {@link CallCard}. */
export interface CallCardProps {
  callRef: ActorRefFrom<CallMachine>;
  dialerRef: ActorRefFrom<DialerMachine>;
  selected: boolean;
}

const STATUS_TONE: Record<string, string> = {
  active: 'bg-success-50 text-success-600',
  calling: 'bg-info-50 text-info-600',
  joining: 'bg-info-50 text-info-600',
  paused: 'bg-warning-50 text-warning-600',
  new: 'bg-warning-50 text-warning-600',
  processed_paused: 'bg-warning-50 text-warning-600',
  destroyed: 'bg-canvas text-muted',
};

/**
 * One call (2.6): who, what kind, its status and duration, and the controls
 * its state allows. A call answered by another user is disabled, with that info.
 */
export function CallCard({ callRef, dialerRef, selected }: CallCardProps) {
  const { t, i18n } = useTranslation('dialer');
  const call = useCallFacts(callRef);
  const duration = useSelector(callRef, selectCallDuration);
  const video = useSelector(callRef, selectVideoOn);
  const id = callRef.getSnapshot().context.speechId;
  const statusKey = call.stopping ? 'stopping' : call.ringing ? 'ringing' : call.status;
  const who = call.info.user ?? call.info.address;
  return (
    <article
      aria-label={who ? `${who} ${call.number}` : call.number}
      aria-disabled={call.byAnother || undefined}
      data-status={call.status}
      className={cx(
        'rounded-lg border bg-surface p-3 shadow-sm transition-colors',
        selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-line',
        call.byAnother && 'opacity-60',
        call.ringing && 'border-success-600',
      )}
    >
      <button
        type="button"
        className="flex w-full items-start gap-3 text-left"
        onClick={() => dialerRef.send({ type: 'call.select', id })}
      >
        <span
          className={cx(
            'mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full',
            call.sos ? 'bg-danger-600 text-white' : 'bg-brand-50 text-brand-700',
          )}
        >
          <DialerIcon
            name={call.type === 'awaiting' ? 'queue' : call.direction === 'incoming' ? 'incoming' : 'outgoing'}
          />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="truncate text-sm font-semibold text-ink">{who ?? call.number}</span>
            {call.sos ? (
              <span className="rounded bg-danger-600 px-1.5 text-[11px] font-bold text-white">{t('call.sos')}</span>
            ) : null}
          </span>
          <span className="block truncate text-xs text-muted">
            {who ? `${call.number} · ` : ''}
            {t(
              call.type === 'awaiting'
                ? 'call.awaiting'
                : call.direction === 'incoming'
                  ? 'call.incoming'
                  : 'call.outgoing',
            )}
            {call.type === 'awaiting' ? ` · ${t('call.to', { number: call.callee })}` : ''}
            {call.info.address && who !== call.info.address ? ` · ${call.info.address}` : ''}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className={cx('rounded-full px-2 py-0.5 text-[11px] font-medium', STATUS_TONE[call.status])}>
            {call.stopping ? <Spinner size="sm" /> : null}
            {t(`status.${statusKey}`)}
          </span>
          {call.status === 'active' && !call.byAnother ? (
            <span className="font-mono text-xs tabular-nums text-ink">{formatDuration(duration)}</span>
          ) : null}
        </span>
      </button>
      <CallNote call={call} locale={i18n.language} />
      {video && call.status === 'active' && !call.byAnother ? <CallVideo speechId={id} number={call.number} /> : null}
      {call.byAnother || call.status === 'destroyed' ? null : (
        <CallControls callRef={callRef} dialerRef={dialerRef} number={call.number} />
      )}
    </article>
  );
}

/** The one line of context a call may need: who took it, since when it waits, why it ended. */
function CallNote({ call, locale }: { call: ReturnType<typeof useCallFacts>; locale: string }) {
  const { t } = useTranslation('dialer');
  let text: string | null = null;
  if (call.byAnother)
    text = call.elsewhere
      ? t('call.answeredElsewhere')
      : t('call.answeredByAnother', { number: call.answeredBy ?? '' });
  else if (call.type === 'awaiting' && call.createdAt && call.status !== 'active' && call.status !== 'destroyed')
    text = t('call.waitingSince', { time: formatTime(call.createdAt, locale) });
  else if (call.status === 'destroyed' && call.endCause) {
    const key = endCauseKey(call.endCause);
    text = t('call.ended', { cause: key ? t(key) : call.endCause });
  }
  if (!text) return null;
  return <p className={cx('mt-2 text-xs', call.byAnother ? 'font-medium text-warning-600' : 'text-muted')}>{text}</p>;
}
