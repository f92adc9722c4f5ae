import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DEVICE_RELAYS } from '../../contract/entities/device';
import type { AccessExplainMachine, ExplainSubject } from '../../machines/access-explain/access-explain.machine';
import { selectDoor, selectSubject } from '../../machines/access-explain/access-explain.selectors';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { PickerDialog } from '../entities/PickerDialog';
import { type PickerSpec, usePickers } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { Select } from '../kit/Select';

type ExplainRef = ActorRefFrom<AccessExplainMachine>;

/** A button that opens a picker (one row) and hands the row over. */
function PickButton({ spec, label, onPick }: { spec: PickerSpec; label: string; onPick: (row: ListRow) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <PickerDialog
        open={open}
        title={spec.title}
        machine={spec.machine}
        input={{ multiple: false, baseFilters: spec.baseFilters }}
        describe={spec.describe}
        searchLabel={spec.searchLabel}
        onConfirm={(rows) => {
          setOpen(false);
          if (rows[0]) onPick(rows[0]);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The device page's "who": a person or an identifier, each from its picker. */
export function SubjectChooser({ explainRef }: { explainRef: ExplainRef }) {
  const { t } = useTranslation(['accessEvents', 'identifiers']);
  const pickers = usePickers();
  const subject = useSelector(explainRef, selectSubject);
  const pick = (kind: ExplainSubject['kind'], row: ListRow, label: string) =>
    explainRef.send({ type: 'explain.subjectPicked', subject: { kind, id: row.id, label } });
  return (
    <div className="min-w-64">
      <div className="mb-1 text-[13px] font-medium text-ink">{t('explain.subject')}</div>
      <div className="flex flex-wrap items-center gap-1.5">
        {subject ? (
          <span className="inline-flex h-9 items-center rounded-md border border-brand-200 bg-brand-50 px-2.5 text-sm text-brand-800">
            <span className="mr-1.5 text-[12px] text-brand-700">
              {t(subject.kind === 'user' ? 'explain.subjectUser' : 'explain.subjectIdentifier')}
            </span>
            {subject.label}
          </span>
        ) : null}
        <PickButton
          spec={pickers.users}
          label={t('explain.chooseUser')}
          onPick={(row) => pick('user', row, String(row.name))}
        />
        <PickButton
          spec={pickers.identifiers}
          label={t('explain.chooseIdentifier')}
          onPick={(row) =>
            pick(
              'identifier',
              row,
              row.name ? String(row.name) : `${t(`identifiers:types.${String(row.type)}`)} ${String(row.value)}`,
            )
          }
        />
      </div>
    </div>
  );
}

/** The user page's "who": the person (all their rules) or one of their identifiers. */
export function PersonOrIdentifier({
  explainRef,
  person,
  identifiers,
}: {
  explainRef: ExplainRef;
  person?: ExplainSubject;
  identifiers: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation('accessEvents');
  const subject = useSelector(explainRef, selectSubject);
  const choices: ExplainSubject[] = [
    ...(person ? [person] : []),
    ...identifiers.map((x) => ({ kind: 'identifier' as const, id: x.id, label: x.name })),
  ];
  const keyOf = (x: Pick<ExplainSubject, 'kind' | 'id'>) => `${x.kind}:${x.id}`;
  return (
    <Select
      label={t('explain.subject')}
      className="w-64"
      options={choices.map((x) => ({ value: keyOf(x), label: x.kind === 'user' ? t('explain.allRules') : x.label }))}
      value={subject ? keyOf(subject) : ''}
      onChange={(value) => {
        const chosen = choices.find((x) => keyOf(x) === value);
        if (chosen) explainRef.send({ type: 'explain.subjectPicked', subject: chosen });
      }}
    />
  );
}

/** The user page's door: a device that opens something (permit devices), first lock. */
export function DoorChooser({ explainRef, onLocks }: { explainRef: ExplainRef; onLocks: (n: number) => void }) {
  const { t } = useTranslation('accessEvents');
  const pickers = usePickers();
  const door = useSelector(explainRef, selectDoor);
  return (
    <div>
      <div className="mb-1 text-[13px] font-medium text-ink">{t('explain.door')}</div>
      <div className="flex items-center gap-1.5">
        {door ? (
          <span className="inline-flex h-9 items-center rounded-md border border-brand-200 bg-brand-50 px-2.5 text-sm text-brand-800">
            {door.device_name}
          </span>
        ) : null}
        <PickButton
          spec={pickers.permitDevices}
          label={t('explain.chooseDoor')}
          onPick={(row) => {
            onLocks(DEVICE_RELAYS[row.type as keyof typeof DEVICE_RELAYS] ?? 1);
            explainRef.send({ type: 'explain.doorPicked', door: { device_id: row.id, device_name: String(row.name) } });
          }}
        />
      </div>
    </div>
  );
}
