import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { LicenceWarningSchema } from '../../contract/entities/licence';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectLoadedAs } from '../../machines/loader/loader.selectors';
import { usePageMachines } from '../app/actor-context';
import { useMayCall } from '../entities/use-access';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';
import { warningWords } from './LicenceWarning';

const selectWarning = selectLoadedAs(LicenceWarningSchema);

/**
 * The persistent licence warning of section 4 and 6.4 (will expire, already expired, no
 * licence) under the top bar, only for those who may manage licences; it cannot be dismissed,
 * and it goes when a licence is added. Normal says nothing.
 */
export function LicenceBanner() {
  const may = useMayCall('GET /licenses/warning');
  return may ? <BannerRunner /> : null;
}

function BannerRunner() {
  const loader = useActorRef(usePageMachines().licenceWarning);
  return <LicenceBannerView loader={loader} />;
}

export function LicenceBannerView({ loader }: { loader: ActorRefFrom<LoaderMachine> }) {
  const { t, i18n } = useTranslation('licences');
  const warning = useSelector(loader, selectWarning);
  const { pathname } = useLocation();
  if (!warning || warning.status === 'normal') return null;
  const words = warningWords(t, warning, i18n.language);
  const urgent = warning.status !== 'will_expire';
  return (
    <div
      role="status"
      data-status={warning.status}
      className={cx(
        'flex items-center gap-2 border-b px-4 py-1.5 text-sm',
        urgent ? 'border-danger-600/30 bg-danger-50 text-danger-700' : 'border-warning-600/30 bg-warning-50 text-ink',
      )}
    >
      <Icon name="alert" className={urgent ? 'text-danger-600' : 'text-warning-600'} />
      <span className="flex-1">{words}</span>
      {pathname === '/licenses' ? null : (
        <Link to="/licenses" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t('warning.open')}
        </Link>
      )}
    </div>
  );
}
