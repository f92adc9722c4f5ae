import { cx } from '../kit/class-names';

/** Props of {@link UserAvatar}. */
export interface UserAvatarProps {
  name: string;
  url: string | null;
  size?: 'sm' | 'lg';
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** A user's picture, or their initials on a calm tint (decorative next to the name). */
export function UserAvatar({ name, url, size = 'sm' }: UserAvatarProps) {
  const box = size === 'sm' ? 'size-7 text-[11px]' : 'size-24 text-2xl';
  return url ? (
    <img src={url} alt="" className={cx(box, 'shrink-0 rounded-full object-cover')} />
  ) : (
    <span
      aria-hidden="true"
      className={cx(
        box,
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700',
      )}
    >
      {initials(name)}
    </span>
  );
}
