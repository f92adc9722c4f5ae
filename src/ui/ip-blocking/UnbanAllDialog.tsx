import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { IpBlockService } from '../../contract/entities/ip-blocking';
import type { IpUnbanMachine } from '../../machines/ip-unban/ip-unban.machine';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { bansOf, selectIpBlockingStatus } from './ip-blocking-status';

/** Props of {@link UnbanAllDialog}. */
export interface UnbanAllDialogProps {
  unbanRef: ActorRefFrom<IpUnbanMachine>;
  statusRef: ActorRefFrom<LoaderMachine>;
  /** The service chosen (null: every service). */
  service: IpBlockService | null;
  busy: boolean;
}

// Every service first, then each one as the status strip lists them.
const CHOICES: readonly (IpBlockService | null)[] = [null, 'sip', 'http'];

/**
 * Unban all: which service's bans (or every one), and how many that lifts, as
 * the status counts them; nothing to lift, nothing to confirm.
 */
export function UnbanAllDialog({ unbanRef, statusRef, service, busy }: UnbanAllDialogProps) {
  const { t } = useTranslation(['ipBlocking', 'common']);
  const status = useSelector(statusRef, selectIpBlockingStatus);
  const count = bansOf(status, service);
  const label = (choice: IpBlockService | null) => {
    const n = bansOf(status, choice);
    const name = choice ? t(`ipBlocking:services.${choice}`) : t('ipBlocking:unbanAll.any');
    if (n === null) return name;
    return choice
      ? t('ipBlocking:unbanAll.choice', { service: name, count: n })
      : t('ipBlocking:unbanAll.anyChoice', { count: n });
  };
  const cancel = () => unbanRef.send({ type: 'unban.cancelled' });
  return (
    <Dialog
      open
      onClose={cancel}
      title={t('ipBlocking:unbanAll.title')}
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={cancel} autoFocus>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            disabled={count === 0}
            onClick={() => unbanRef.send({ type: 'unban.confirmed' })}
          >
            {count === null ? t('ipBlocking:unbanAll.confirmUnknown') : t('ipBlocking:unbanAll.confirm', { count })}
          </Button>
        </>
      }
    >
      <fieldset className="mb-3">
        <legend className="mb-1.5 text-[13px] font-medium text-ink">{t('ipBlocking:unbanAll.which')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1.5">
          {CHOICES.map((choice) => (
            <label key={choice ?? 'any'} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="unban-all-service"
                className="size-4 accent-brand-600"
                checked={choice === service}
                disabled={busy}
                onChange={() => unbanRef.send({ type: 'unban.serviceChosen', service: choice })}
              />
              {label(choice)}
            </label>
          ))}
        </div>
      </fieldset>
      <p>
        {count === null
          ? t('ipBlocking:unbanAll.unknown')
          : count === 0
            ? t('ipBlocking:unbanAll.nothing')
            : t('ipBlocking:unbanAll.message', { count })}
      </p>
    </Dialog>
  );
}
