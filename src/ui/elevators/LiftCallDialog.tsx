import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { LIFT_CALL_DIRECTIONS } from '../../contract/constants';
import type { LiftCallMachine } from '../../machines/lift-call/lift-call.machine';
import {
  selectApartments,
  selectCanCall,
  selectCanEdit,
  selectChoice,
  selectElevator,
  selectFailure,
  selectFloors,
  selectIsCalled,
  selectIsCalling,
  selectIsLoading,
  selectIsOpen,
  selectLoadFailed,
} from '../../machines/lift-call/lift-call.selectors';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { ErrorState } from '../kit/ErrorState';
import { Select } from '../kit/Select';
import { Spinner } from '../kit/Spinner';
import { translateError, translateFieldError } from '../kit/translate-error';

/**
 * The lift call dialog (7.4): the elevator's floors, an apartment on the chosen floor
 * (optional), a direction (optional: up or down), Call. The server's refusal (controller
 * offline, floor or apartment not on the map) shows in the dialog, on its field when it
 * names one; a call the controller took says so until the dialog closes or calls again.
 */
export function LiftCallDialog({ actor }: { actor: ActorRefFrom<LiftCallMachine> }) {
  const { t } = useTranslation(['elevators', 'errors', 'common']);
  const open = useSelector(actor, selectIsOpen);
  const elevator = useSelector(actor, selectElevator);
  const floors = useSelector(actor, selectFloors);
  const apartments = useSelector(actor, selectApartments);
  const choice = useSelector(actor, selectChoice);
  const loading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const canEdit = useSelector(actor, selectCanEdit);
  const canCall = useSelector(actor, selectCanCall);
  const calling = useSelector(actor, selectIsCalling);
  const called = useSelector(actor, selectIsCalled);
  const failure = useSelector(actor, selectFailure);
  if (!open || !elevator) return null;
  const close = () => actor.send({ type: 'dialog.close' });
  const fieldError = (field: string) => (failure?.fields?.[field] && !loadFailed ? failure.fields[field] : null);
  const floorLabel = (floor: number, name: string | null) => (name ? `${floor} · ${name}` : String(floor));
  const fieldFailure = failure?.fields && Object.keys(failure.fields).length > 0;

  return (
    <Dialog
      open
      onClose={close}
      title={t('elevators:call.title', { name: elevator.name })}
      footer={
        <>
          <Button onClick={close}>{t('elevators:call.close')}</Button>
          {called ? (
            <Button variant="primary" onClick={() => actor.send({ type: 'call.again' })}>
              {t('elevators:call.again')}
            </Button>
          ) : loading || loadFailed ? null : (
            <Button
              variant="primary"
              loading={calling}
              aria-busy={calling}
              disabled={!canCall && !calling}
              onClick={() => actor.send({ type: 'call.submit' })}
            >
              {t('elevators:call.submit')}
            </Button>
          )}
        </>
      }
    >
      {loading ? (
        <Spinner label={t('elevators:call.loading')} />
      ) : loadFailed ? (
        <ErrorState
          title={t('elevators:call.loadFailed')}
          failure={failure}
          onRetry={() => actor.send({ type: 'floors.retry' })}
        />
      ) : floors.length === 0 ? (
        <p className="text-muted">{t('elevators:call.noFloors')}</p>
      ) : (
        <div className="space-y-3">
          <Select
            label={t('elevators:call.floor')}
            value={choice.floor === null ? '' : String(choice.floor)}
            disabled={!canEdit || called}
            error={fieldError('floor')}
            onChange={(value) => actor.send({ type: 'floor.change', floor: value === '' ? null : Number(value) })}
            options={[
              { value: '', label: t('elevators:call.chooseFloor') },
              ...floors.map((f) => ({ value: String(f.floor), label: floorLabel(f.floor, f.name) })),
            ]}
          />
          <Select
            label={t('elevators:call.apartment')}
            value={choice.apartment ?? ''}
            disabled={!canEdit || called || apartments.length === 0}
            error={fieldError('apartment')}
            onChange={(value) => actor.send({ type: 'apartment.change', apartment: value === '' ? null : value })}
            options={[
              { value: '', label: t('elevators:call.anyApartment') },
              ...apartments.map((a) => ({ value: a, label: a })),
            ]}
          />
          <Select
            label={t('elevators:call.direction')}
            value={choice.direction ?? ''}
            disabled={!canEdit || called}
            error={fieldError('direction')}
            onChange={(value) =>
              actor.send({
                type: 'direction.change',
                direction: LIFT_CALL_DIRECTIONS.find((d) => d === value) ?? null,
              })
            }
            options={[
              { value: '', label: t('elevators:call.anyDirection') },
              ...LIFT_CALL_DIRECTIONS.map((d) => ({ value: d, label: t(`elevators:call.directions.${d}`) })),
            ]}
          />
          {failure && !fieldFailure ? (
            <p role="alert" className="text-danger-700">
              {translateError(t, failure)}
            </p>
          ) : null}
          {failure && fieldFailure ? (
            <p role="alert" className="text-danger-700">
              {Object.values(failure.fields ?? {})
                .map((e) => translateFieldError(t, e))
                .join(' ')}
            </p>
          ) : null}
          {called ? (
            <p role="status" className="text-success-600">
              {t('elevators:call.called', { name: elevator.name })}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
