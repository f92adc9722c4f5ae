import { useTranslation } from 'react-i18next';

/** The unread marker of a conversation: a count in a pill, read out as "N unread messages". */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('conversations');
  return (
    <span
      role="status"
      aria-label={t('unread', { count })}
      title={t('unread', { count })}
      className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold leading-5 text-white"
    >
      {count}
    </span>
  );
}
