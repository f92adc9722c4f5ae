import { cx } from '../kit/class-names';

/** A marker's colour as a small dot (decorative: the name always goes with it). */
export function MarkerSwatch({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx('inline-block size-3 shrink-0 rounded-full border border-ink/10', className)}
      style={{ background: color }}
    />
  );
}
