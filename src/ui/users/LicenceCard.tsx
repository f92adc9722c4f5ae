import { useTranslation } from 'react-i18next';
import type { User } from '../../contract/entities/user';
import { Card } from '../kit/Card';
import { Icon } from '../kit/icons';

/** The licence view of a user (section 3): which licensed features apply, read-only. */
export function LicenceCard({ info }: { info: User['license_info'] }) {
  const { t } = useTranslation('users');
  return (
    <Card title={t('licence.title')}>
      <ul className="space-y-1 text-[13px]">
        {Object.entries(info).map(([feature, on]) => (
          <li key={feature} className="flex items-center justify-between gap-2">
            <span>{t(`licence.features.${feature}`)}</span>
            {on ? (
              <span className="inline-flex items-center gap-1 text-success-600">
                <Icon name="check" className="size-3.5" />
                {t('licence.on')}
              </span>
            ) : (
              <span className="text-muted">{t('licence.off')}</span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
