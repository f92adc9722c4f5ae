import { useTranslation } from 'react-i18next';
import type { User } from '../../contract/entities/user';
import { Card } from '../kit/Card';

/** Collections of section 3 that other areas manage: shown as counts here, read-only. */
const RELATED = [
  'access_rules',
  'identifiers',
  'sip_numbers',
  'mobile_clients',
  'linked_users',
  'linked_mobile_clients',
  'linked_sip_numbers',
  'elevator_access_rules',
] as const;

export function RelatedCard({ user }: { user: User }) {
  const { t } = useTranslation('users');
  return (
    <Card title={t('related.title')}>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-[13px]">
        {RELATED.map((field) => (
          <div key={field} className="contents">
            <dt className="text-muted">{t(`related.${field}`)}</dt>
            <dd className="text-right tabular-nums">{user[field].length}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
