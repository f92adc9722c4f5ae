import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { InterceptionMachine } from '../../machines/interception/interception.machine';
import {
  selectGroupOptions,
  selectGroupsLocked,
  selectInterceptionFailed,
  selectInterceptionFailure,
  selectInterceptionLoading,
  selectInterceptionSaving,
  selectIsIntercepting,
  selectSelectedGroups,
} from '../../machines/interception/interception.selectors';
import { Button } from '../kit/Button';
import { cx } from '../kit/class-names';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/**
 * Call interception (2.6, 4): choose groups, start (at least one group) and
 * stop; the groups are locked while it is on.
 */
export function InterceptionPanel({ interceptionRef }: { interceptionRef: ActorRefFrom<InterceptionMachine> }) {
  const { t } = useTranslation(['dialer', 'errors']);
  const loading = useSelector(interceptionRef, selectInterceptionLoading);
  const failed = useSelector(interceptionRef, selectInterceptionFailed);
  const failure = useSelector(interceptionRef, selectInterceptionFailure);
  const on = useSelector(interceptionRef, selectIsIntercepting);
  const saving = useSelector(interceptionRef, selectInterceptionSaving);
  const locked = useSelector(interceptionRef, selectGroupsLocked);
  const groups = useSelector(interceptionRef, selectGroupOptions);
  const selected = useSelector(interceptionRef, selectSelectedGroups);
  return (
    <section aria-labelledby="dialer-interception" className="border-b border-line p-3">
      <div className="flex items-center gap-2">
        <h3 id="dialer-interception" className="flex-1 text-[13px] font-semibold text-ink">
          {t('interception.title')}
        </h3>
        {loading || failed ? null : (
          <span
            className={cx(
              'rounded-full px-2 py-0.5 text-[11px] font-medium',
              on ? 'bg-success-50 text-success-600' : 'bg-canvas text-muted',
            )}
          >
            {on ? t('interception.on') : t('interception.off')}
          </span>
        )}
      </div>
      {loading ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-xs text-muted">
          <Spinner size="sm" /> {t('interception.loading')}
        </p>
      ) : failed ? (
        <div role="alert" className="mt-2 text-xs text-danger-600">
          {t('interception.failed')}: {translateError(t, failure)}{' '}
          <Button size="sm" variant="ghost" onClick={() => interceptionRef.send({ type: 'interception.retry' })}>
            {t('interception.retry')}
          </Button>
        </div>
      ) : (
        <>
          <fieldset
            className="mt-2"
            disabled={locked}
            aria-describedby={locked ? 'dialer-interception-locked' : undefined}
          >
            <legend className="sr-only">{t('interception.groups')}</legend>
            {groups.length === 0 ? <p className="text-xs text-muted">{t('interception.noGroups')}</p> : null}
            <ul className="max-h-32 overflow-y-auto">
              {groups.map((group) => (
                <li key={group.id}>
                  <label className="flex items-center gap-2 py-0.5 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={selected.includes(group.id)}
                      onChange={() => interceptionRef.send({ type: 'group.toggle', id: group.id })}
                    />
                    <span className="truncate">{group.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {locked && on ? (
            <p id="dialer-interception-locked" className="mt-1 text-[11px] text-muted">
              {t('interception.locked')}
            </p>
          ) : null}
          <Button
            size="sm"
            className="mt-2 w-full"
            variant={on ? 'secondary' : 'primary'}
            loading={saving}
            onClick={() => interceptionRef.send({ type: on ? 'interception.stop' : 'interception.start' })}
          >
            {on ? t('interception.stop') : t('interception.start')}
          </Button>
        </>
      )}
    </section>
  );
}
