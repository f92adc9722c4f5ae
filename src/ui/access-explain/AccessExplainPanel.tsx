import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AccessExplainMachine, ExplainSubject } from '../../machines/access-explain/access-explain.machine';
import {
  selectAnswer,
  selectAt,
  selectCanAsk,
  selectDoor,
  selectFailure,
  selectIsAnswered,
  selectIsAsking,
  selectIsFailed,
  selectPrevious,
} from '../../machines/access-explain/access-explain.selectors';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { ErrorState } from '../kit/ErrorState';
import { fromLocalInput, toLocalInput } from '../kit/format-date';
import { Select } from '../kit/Select';
import { Spinner } from '../kit/Spinner';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';
import { ExplainAnswer } from './ExplainAnswer';
import { DoorChooser, PersonOrIdentifier, SubjectChooser } from './ExplainChoosers';

type ExplainRef = ActorRefFrom<AccessExplainMachine>;

/** Props of {@link AccessExplainPanel}. */
export interface AccessExplainPanelProps {
  explainRef: ExplainRef;
  /** `door`: the device page (its door fixed: choose who); `user`: the user page (choose a door). */
  mode: 'door' | 'user';
  /** The device page: how many locks its device has. */
  locks?: number;
  /** The user page: the person, and their identifiers to try instead (what-if another identifier). */
  person?: ExplainSubject;
  identifiers?: readonly { id: number; name: string }[];
}

const lockOptions = (t: TFunction, count: number) =>
  Array.from({ length: Math.max(1, count) }, (_, i) => ({
    value: String(i + 1),
    label: t('explain.lockN', { lock: i + 1 }),
  }));

/**
 * "Who can open this door?" (device page) / "What can this person open?" (user page) over the
 * accessExplain actor: the choice (who, door and lock, when), Check, then the decision with its
 * reason chain; once answered every change is asked at once (what-if), the answer before shown
 * beside the new one.
 */
export function AccessExplainPanel({ explainRef, mode, locks = 1, person, identifiers = [] }: AccessExplainPanelProps) {
  const { t } = useTranslation(['accessEvents', 'errors', 'common']);
  const door = useSelector(explainRef, selectDoor);
  const at = useSelector(explainRef, selectAt);
  const canAsk = useSelector(explainRef, selectCanAsk);
  const answered = useSelector(explainRef, selectIsAnswered);
  // The user page's door comes from the picker: its type tells how many locks it has.
  const [pickedLocks, setPickedLocks] = useState(4);
  const lockCount = mode === 'door' ? locks : pickedLocks;
  return (
    <Card title={t(mode === 'door' ? 'explain.doorTitle' : 'explain.userTitle')}>
      <p className="mb-3 text-[13px] text-muted">{t(mode === 'door' ? 'explain.doorHint' : 'explain.userHint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        {mode === 'door' ? (
          <SubjectChooser explainRef={explainRef} />
        ) : (
          <>
            <PersonOrIdentifier explainRef={explainRef} person={person} identifiers={identifiers} />
            <DoorChooser explainRef={explainRef} onLocks={setPickedLocks} />
          </>
        )}
        <Select
          label={t('explain.lock')}
          className="w-32"
          options={lockOptions(t, lockCount)}
          value={String(door?.lock ?? 1)}
          disabled={!door}
          onChange={(value) => explainRef.send({ type: 'explain.lockChanged', lock: Number(value) })}
        />
        <div className="flex items-end gap-1.5">
          <TextField
            label={t('explain.time')}
            type="datetime-local"
            className="w-56"
            value={toLocalInput(at)}
            placeholder={t('explain.now')}
            onChange={(e) => explainRef.send({ type: 'explain.timeChanged', at: fromLocalInput(e.target.value) })}
          />
          <Button
            variant="ghost"
            disabled={at === null}
            onClick={() => explainRef.send({ type: 'explain.timeChanged', at: null })}
          >
            {t('explain.now')}
          </Button>
        </div>
        <Button variant="primary" disabled={!canAsk} onClick={() => explainRef.send({ type: 'explain.ask' })}>
          {t(answered ? 'explain.askAgain' : 'explain.ask')}
        </Button>
      </div>
      <ExplainResult explainRef={explainRef} />
    </Card>
  );
}

function ExplainResult({ explainRef }: { explainRef: ExplainRef }) {
  const { t } = useTranslation(['accessEvents', 'errors']);
  const asking = useSelector(explainRef, selectIsAsking);
  const failed = useSelector(explainRef, selectIsFailed);
  const failure = useSelector(explainRef, selectFailure);
  const answer = useSelector(explainRef, selectAnswer);
  const previous = useSelector(explainRef, selectPrevious);
  if (asking) return <Spinner className="mt-4" label={t('explain.asking')} />;
  if (failed)
    return (
      <ErrorState
        className="mt-4"
        title={t('explain.failed')}
        message={failure ? translateError(t, failure) : undefined}
        onRetry={() => explainRef.send({ type: 'explain.retry' })}
      />
    );
  if (!answer) return null;
  return (
    <div className="mt-4 border-t border-line pt-3">
      <ExplainAnswer answer={answer} previous={previous} />
    </div>
  );
}
