import { useActorRef, useSelector } from '@xstate/react';
import type { Profile } from '../../contract/entities/profile';
import { selectProfile } from '../../machines/session/session.selectors';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { cx } from '../kit/class-names';
import { pageWidth } from '../kit/page-width';
import { PasswordCard } from './PasswordCard';
import { ProfileView } from './ProfileView';

/** /profile: creates the profile and password form actors from the session's profile. */
export function ProfilePage() {
  const profile = useSelector(useSessionActor(), selectProfile);
  // The guard renders this page only with a loaded profile.
  return profile ? <ProfileActors profile={profile} /> : null;
}

function ProfileActors({ profile }: { profile: Profile }) {
  const machines = usePageMachines();
  const profileRef = useActorRef(machines.profileForm, { input: { profile } });
  const passwordRef = useActorRef(machines.passwordForm);
  return (
    <div className={cx(pageWidth('readable'), 'space-y-4')}>
      <ProfileView profileRef={profileRef} />
      <PasswordCard passwordRef={passwordRef} />
    </div>
  );
}
