import type { NotificationIcon as IconCode, NotificationColour } from '../../contract/entities/notification';
import { cx } from '../kit/class-names';

/** Stroke paths (24×24) of the catalogue's icons. */
const PATHS: Record<IconCode, string> = {
  megaphone: 'M3 11v3a1 1 0 0 0 1 1h2l6 4V6L6 10H4a1 1 0 0 0-1 1M16 9a3 3 0 0 1 0 6M19 6a7 7 0 0 1 0 12',
  message: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 9h8M8 13h5',
  poll: 'M4 20V12M10 20V5M16 20v-9M21 20H3',
  server: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  broker: 'M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M2 9a14.5 14.5 0 0 1 20 0',
  key: 'M15.5 7.5a3.5 3.5 0 1 1-3 5.2L5 20H3v-2l7.3-7.5a3.5 3.5 0 0 1 5.2-3M16 8h.01',
  keyOff: 'M15.5 7.5a3.5 3.5 0 1 1-3 5.2L5 20H3v-2l7.3-7.5a3.5 3.5 0 0 1 5.2-3M3 3l18 18',
  siren: 'M7 18v-6a5 5 0 0 1 10 0v6M5 21h14M12 2v2M4.2 5.2l1.4 1.4M19.8 5.2l-1.4 1.4M5 18h14',
  sirenOff: 'M7 18v-6a5 5 0 0 1 10 0v6M5 21h14M5 18h14M3 3l18 18',
  shieldCheck: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  deviceOffline: 'M4 4h16v12H4zM8 20h8M12 16v4M3 3l18 18',
  taskFailed:
    'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 4h6v3H9zM10 12l4 4M14 12l-4 4',
  licence:
    'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5M14 3l5 5v3M14 3v5h5M8 9h3M8 13h4M17 14a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5M15.5 18.5 15 22l2-1 2 1-.5-3.5',
};

/** Tones of the catalogue's colours on the console palette. */
const TONES: Record<NotificationColour, string> = {
  blue: 'bg-info-50 text-info-600',
  green: 'bg-success-50 text-success-600',
  amber: 'bg-warning-50 text-warning-600',
  red: 'bg-danger-50 text-danger-600',
  gray: 'bg-canvas text-muted',
};

/** Props of {@link NotificationIcon}. */
export interface NotificationIconProps {
  icon: IconCode;
  colour: NotificationColour;
  className?: string;
}

/** A notification's icon in its colour, in a round badge (decorative: the title says what it is). */
export function NotificationIcon({ icon, colour, className }: NotificationIconProps) {
  return (
    <span
      aria-hidden="true"
      className={cx('inline-flex size-8 shrink-0 items-center justify-center rounded-full', TONES[colour], className)}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="size-4"
      >
        <path d={PATHS[icon]} />
      </svg>
    </span>
  );
}
