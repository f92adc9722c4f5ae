import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFloatingButtonsRaw, visibleFloatingButtons } from '../../machines/app/app.selectors';
import type { FloatingButton } from '../../machines/app/app.types';
import { useAppActor } from '../app/actor-context';
import { cx } from '../kit/class-names';
import { Icon, isIconName } from '../kit/icons';
import { Spinner } from '../kit/Spinner';

/** Named colours map onto the palette; anything else is used as a CSS colour. */
const COLOURS: Record<string, string> = {
  green: 'bg-success-600 text-white',
  red: 'bg-danger-600 text-white',
  orange: 'bg-warning-600 text-white',
  blue: 'bg-brand-600 text-white',
  primary: 'bg-brand-600 text-white',
};

function colour(name: string | undefined, fallback: string) {
  const known = COLOURS[name ?? ''];
  return known
    ? { className: known, style: undefined }
    : { className: name ? 'text-white' : COLOURS[fallback], style: name ? { backgroundColor: name } : undefined };
}

/**
 * Floating action buttons (2.3): visible ones with a click handler, by order.
 * A click is an event sent to the system actor the button names.
 */
export function FloatingButtons() {
  const app = useAppActor();
  const raw = useSelector(app, selectFloatingButtonsRaw);
  const buttons = useMemo(() => visibleFloatingButtons(raw), [raw]);
  if (buttons.length === 0) return null;
  return (
    <div className="fixed right-5 bottom-5 z-40 flex flex-col-reverse items-end gap-3">
      {buttons.map((button) => (
        <Fab
          key={button.id}
          button={button}
          onClick={() => {
            if (button.click) app.system.get(button.click.systemId)?.send(button.click.event);
          }}
        />
      ))}
    </div>
  );
}

/** One floating action button (exported for the dialer button's stories). */
export function Fab({ button, onClick }: { button: FloatingButton; onClick: () => void }) {
  const { t } = useTranslation('shell');
  const look = colour(button.color, 'primary');
  const badge = button.badge ? colour(button.badge.color, 'red') : null;
  const label = button.labelKey
    ? t(button.labelKey)
    : t(`fab.icons.${button.icon}`, { defaultValue: t('fab.generic') });
  return (
    <button
      type="button"
      aria-label={button.badge ? t('fab.withBadge', { label, badge: button.badge.text }) : label}
      disabled={button.state === 'disabled' || button.state === 'loading'}
      aria-busy={button.state === 'loading' || undefined}
      onClick={onClick}
      style={look.style}
      className={cx(
        'relative inline-flex size-12 items-center justify-center rounded-full shadow-lg transition-transform hover:scale-105 disabled:opacity-60',
        look.className,
        button.extraClass,
      )}
    >
      {button.state === 'loading' ? (
        <Spinner size="sm" />
      ) : (
        <Icon name={isIconName(button.icon) ? button.icon : 'dot'} className="size-5" />
      )}
      {button.badge ? (
        <span
          aria-hidden="true"
          style={badge?.style}
          className={cx(
            'absolute -top-1 -right-1 min-w-5 rounded-full px-1 text-center text-[11px] leading-5 font-semibold',
            badge?.className,
          )}
        >
          {button.badge.text}
        </span>
      ) : null}
    </button>
  );
}
