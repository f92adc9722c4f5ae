import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { KEYPAD_KEYS } from '../../machines/dialer/dialer.rules';
import { selectCanCall, selectKeypad } from '../../machines/dialer/dialer.selectors';
import { IconButton } from './IconButton';
import { useStartCall } from './use-start-call';

/**
 * The keypad (2.6, 5): keys 1 to 9, *, 0, #; the voice call and backspace
 * buttons only once a number is entered; video with no number fills in the
 * last dialed one; calling is disabled while the dialer is offline.
 */
export function Keypad({ dialerRef }: { dialerRef: ActorRefFrom<DialerMachine> }) {
  const { t } = useTranslation('dialer');
  const number = useSelector(dialerRef, selectKeypad);
  const canCall = useSelector(dialerRef, selectCanCall);
  const startCall = useStartCall(dialerRef);
  const entered = number.length > 0;
  return (
    <section aria-labelledby="dialer-keypad" className="p-3">
      <h3 id="dialer-keypad" className="sr-only">
        {t('keypad.title')}
      </h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (entered && canCall) startCall();
        }}
      >
        <input
          value={number}
          onChange={(event) => dialerRef.send({ type: 'keypad.change', value: event.target.value })}
          aria-label={t('keypad.number')}
          placeholder={t('keypad.number')}
          inputMode="tel"
          autoComplete="off"
          className="h-10 w-full rounded-md border border-line bg-surface px-3 text-center font-mono text-lg tracking-wider focus:border-brand-500"
        />
      </form>
      <div className="mt-2 grid grid-cols-3 gap-1.5">
        {KEYPAD_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            aria-label={t('keypad.key', { key })}
            onClick={() => dialerRef.send({ type: 'keypad.press', key })}
            className="h-10 rounded-md border border-line bg-surface font-mono text-lg text-ink hover:bg-canvas active:bg-brand-50"
          >
            {key}
          </button>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-center gap-3">
        <IconButton
          icon="video"
          label={t('keypad.video')}
          disabled={!canCall}
          onClick={() => startCall(undefined, true)}
        />
        {entered ? (
          <IconButton
            icon="phone"
            tone="accept"
            label={t('keypad.call')}
            disabled={!canCall}
            onClick={() => startCall()}
          />
        ) : null}
        {entered ? (
          <IconButton
            icon="backspace"
            label={t('keypad.backspace')}
            onClick={() => dialerRef.send({ type: 'keypad.backspace' })}
          />
        ) : null}
      </div>
    </section>
  );
}
