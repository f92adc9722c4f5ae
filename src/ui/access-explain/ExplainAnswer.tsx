import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AccessExplain } from '../../contract/entities/access-explain';
import { Badge } from '../kit/Badge';
import { formatDateTime, formatTime } from '../kit/format-date';

type ChainLink = AccessExplain['chain'][number];
type ChainSchedule = ChainLink['schedules'][number];

/** Who the answer is about, as a sentence's subject. */
const whoOf = (answer: AccessExplain) =>
  answer.identifier
    ? (answer.identifier.name ?? `${answer.identifier.type} ${answer.identifier.value}`)
    : (answer.user?.name ?? '');

/** The decision in one sentence: who, which door, when, and (denied) why. */
export function decisionSentence(t: TFunction, answer: AccessExplain, locale: string): string {
  const values = {
    who: whoOf(answer),
    door: t('accessEvents:door', { device: answer.device.name, lock: answer.lock }),
    time: formatDateTime(answer.at, locale),
    reason: t(`accessEvents:explain.reasonLong.${answer.reason}`),
  };
  return answer.granted
    ? t('accessEvents:explain.summaryGranted', values)
    : t('accessEvents:explain.summaryDenied', values);
}

function ScheduleLine({ t, item, locale }: { t: TFunction; item: ChainSchedule; locale: string }) {
  const label = item.schedule.name ? (
    <Link to={`/schedules/${item.schedule.id}/edit`} className="text-brand-700 hover:underline">
      {item.schedule.name}
    </Link>
  ) : (
    <span>{t('accessEvents:explain.scheduleHidden', { id: item.schedule.id })}</span>
  );
  if (item.missing || !item.verdict) {
    return (
      <li className="text-muted">
        {label}: {t('accessEvents:explain.scheduleMissing')}
      </li>
    );
  }
  const v = item.verdict;
  const dayType = t(`accessEvents:explain.dayTypes.${v.day_type}`);
  const text = v.open
    ? t('accessEvents:explain.verdictOpen', {
        from: v.occurrence ? formatTime(v.occurrence.from, locale) : '',
        to: v.occurrence ? formatTime(v.occurrence.to, locale) : '',
        dayType,
      })
    : t('accessEvents:explain.verdictClosed', {
        why: t(`accessEvents:explain.verdicts.${v.reason}`, { defaultValue: v.reason }),
        date: v.local_date,
        dayType,
      });
  return (
    <li className={v.open ? 'text-ink' : 'text-muted'}>
      {label}: {text}
    </li>
  );
}

function RuleLine({ t, link, locale }: { t: TFunction; link: ChainLink; locale: string }) {
  const via =
    link.via.kind === 'group'
      ? t('accessEvents:explain.via.group', { group: link.via.group?.name ?? '' })
      : t(`accessEvents:explain.via.${link.via.kind}`);
  const state = !link.covers_door
    ? t('accessEvents:explain.coversNot')
    : link.schedules.length === 0
      ? t('accessEvents:explain.alwaysOpen')
      : link.open
        ? t('accessEvents:explain.inForce')
        : t('accessEvents:explain.notInForce');
  return (
    <li className={link.covers_door ? '' : 'opacity-70'}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Badge tone={link.prohibition ? 'danger' : 'info'}>
          {t(`accessEvents:explain.${link.prohibition ? 'prohibition' : 'allow'}`)}
        </Badge>
        {link.rule.name ? (
          <Link to={`/access-rules/${link.rule.id}/edit`} className="font-medium text-brand-700 hover:underline">
            {link.rule.name}
          </Link>
        ) : (
          <span className="font-medium text-muted">{t('accessEvents:explain.ruleHidden', { id: link.rule.id })}</span>
        )}
        <span className="text-muted">
          {via}; {state}
        </span>
      </div>
      {link.covers_door && link.schedules.length > 0 ? (
        <ul className="mt-1 ml-4 list-disc space-y-0.5 text-[13px]">
          {link.schedules.map((s) => (
            <ScheduleLine key={s.schedule.id} t={t} item={s} locale={locale} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The decision, its reason in words and the chain of rules and schedules behind it, each linked. */
export function ExplainAnswer({ answer, previous }: { answer: AccessExplain; previous: AccessExplain | null }) {
  const { t, i18n } = useTranslation(['accessEvents']);
  const locale = i18n.language;
  const early = !answer.granted && answer.chain.length === 0;
  return (
    <div className="space-y-3" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={answer.granted ? 'success' : 'danger'}>
          {t(`accessEvents:explain.${answer.granted ? 'granted' : 'denied'}`)}
        </Badge>
        <p className="text-sm text-ink">{decisionSentence(t, answer, locale)}</p>
      </div>
      {previous ? (
        <p className="text-[13px] text-muted">
          {previous.granted
            ? t('accessEvents:explain.previousGranted', { time: formatDateTime(previous.at, locale) })
            : t('accessEvents:explain.previousDenied', {
                time: formatDateTime(previous.at, locale),
                reason: t(`accessEvents:reasons.${previous.reason}`),
              })}
        </p>
      ) : null}
      <div>
        <h3 className="mb-1 text-[13px] font-semibold text-ink">{t('accessEvents:explain.whyTitle')}</h3>
        {early ? (
          <p className="text-[13px] text-muted">
            {['unknown_identifier', 'unknown_user', 'no_rule'].includes(answer.reason)
              ? t('accessEvents:explain.noRules')
              : t('accessEvents:explain.refusedEarly')}
          </p>
        ) : (
          <ul className="space-y-2 text-[13px]">
            {answer.chain.map((link) => (
              <RuleLine key={link.rule.id} t={t} link={link} locale={locale} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
