/**
 * When a notification was created, for people: the time today, else the date
 * and time, in the console's language.
 */
export function formatWhen(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameDay = at.toDateString() === now.toDateString();
  const format = new Intl.DateTimeFormat(
    locale,
    sameDay
      ? { hour: '2-digit', minute: '2-digit' }
      : {
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
          ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
        },
  );
  return format.format(at);
}
