import { useTranslation } from 'react-i18next';
import type { LicenceFeatureFlags } from '../../contract/entities/licence';
import type { LicensedFeatures } from '../../contract/entities/server-settings';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';

/** The features of a licence in the menu's terms, each on or off. */
export function licenceFeatureKeys(l: LicenceFeatureFlags): { key: keyof LicensedFeatures; on: boolean }[] {
  return [
    { key: 'sip', on: l.sip.is_enabled },
    { key: 'sip_trunks', on: l.sip.is_enabled && l.sip.is_sip_trunks_enabled },
    { key: 'web_dialer', on: l.sip.is_enabled && l.sip.is_web_dialer_enabled },
    { key: 'mobile_app', on: l.mobile_app.is_enabled },
    { key: 'ukey2', on: l.ukey2.is_enabled },
    { key: 'elevator', on: l.elevator },
    { key: 'amenity', on: l.amenity },
    { key: 'license_plate', on: l.license_plate },
    { key: 'guest_access', on: l.identifier.is_guest_enabled },
  ];
}

/** Props of {@link FeatureChips}. */
export interface FeatureChipsProps {
  features: LicensedFeatures;
  /** What they were before (a preview): gained ones are marked new, lost ones struck through. */
  before?: LicensedFeatures;
  label: string;
}

/** Licensed features as chips: on in colour, off muted; with `before`, what a change gains and loses. */
export function FeatureChips({ features, before, label }: FeatureChipsProps) {
  const { t } = useTranslation('licences');
  const keys = Object.keys(features) as (keyof LicensedFeatures)[];
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {keys.map((key) => {
        const on = features[key];
        const gained = before !== undefined && on && !before[key];
        const lost = before !== undefined && !on && before[key];
        return (
          <li
            key={key}
            data-on={on}
            className={cx(
              'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-[12px]',
              on ? 'border-success-600/30 bg-success-50 text-success-600' : 'border-line bg-canvas text-muted',
              lost && 'line-through decoration-danger-600',
            )}
          >
            {on ? <Icon name="check" className="size-3" /> : null}
            {t(`features.${key}`)}
            {gained ? <span className="font-semibold">{t('preview.gained')}</span> : null}
            {lost ? <span className="sr-only">{t('preview.lost')}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
