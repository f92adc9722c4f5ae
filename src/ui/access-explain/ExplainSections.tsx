import { useActorRef } from '@xstate/react';
import type { DeviceType } from '../../contract/constants';
import { DEVICE_RELAYS } from '../../contract/entities/device';
import type { ExplainSubject } from '../../machines/access-explain/access-explain.machine';
import { usePageMachines } from '../app/actor-context';
import { cx } from '../kit/class-names';
import { pageWidth } from '../kit/page-width';
import { AccessExplainPanel } from './AccessExplainPanel';

/** The device page's "Who can open this door?": its own actor, the door fixed to this device (lock 1 first). */
export function DeviceExplainSection({ device }: { device: { id: number; name: string; type: DeviceType } }) {
  const { accessExplain } = usePageMachines();
  const explainRef = useActorRef(accessExplain, {
    input: { door: { device_id: device.id, device_name: device.name, lock: 1 } },
  });
  return (
    <div className={cx(pageWidth('readable'), 'mt-4')}>
      <AccessExplainPanel explainRef={explainRef} mode="door" locks={DEVICE_RELAYS[device.type] ?? 1} />
    </div>
  );
}

/** The user page's "What can this person open?": its own actor, the person fixed (or one of their identifiers). */
export function UserExplainSection({
  user,
}: {
  user: { id: number; name: string; identifiers: readonly { id: number; name: string }[] };
}) {
  const { accessExplain } = usePageMachines();
  const person: ExplainSubject = { kind: 'user', id: user.id, label: user.name };
  const explainRef = useActorRef(accessExplain, { input: { subject: person } });
  return (
    <div className={cx(pageWidth('readable'), 'mt-4')}>
      <AccessExplainPanel explainRef={explainRef} mode="user" person={person} identifiers={user.identifiers} />
    </div>
  );
}
