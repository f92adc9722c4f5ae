import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ProfileFormMachine } from '../../machines/profile-form/profile-form.machine';
import { selectIsProfileDirty, selectIsProfileSaving } from '../../machines/profile-form/profile-form.selectors';
import { Button } from '../kit/Button';
import { PageHeader } from '../kit/PageHeader';
import { UnsavedChangesGuard } from '../kit/UnsavedChangesGuard';
import { ProfileFields } from './ProfileFields';

/** Props of {@link ProfileView}. */
export interface ProfileViewProps {
  /** The `profileForm` actor (input: the session's profile). */
  profileRef: ActorRefFrom<ProfileFormMachine>;
}

/**
 * The own-profile form: fields with their errors, Save (only when something
 * changed and not while saving), Discard, and a guard against leaving unsaved.
 */
export function ProfileView({ profileRef }: ProfileViewProps) {
  const { t } = useTranslation(['profile', 'common']);
  const saving = useSelector(profileRef, selectIsProfileSaving);
  const dirty = useSelector(profileRef, selectIsProfileDirty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    profileRef.send({ type: 'form.submit' });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={saving || undefined}>
      <PageHeader
        title={t('profile:title')}
        description={t('profile:subtitle')}
        actions={
          <>
            <Button disabled={!dirty || saving} onClick={() => profileRef.send({ type: 'form.reset' })}>
              {t('common:actions.discard')}
            </Button>
            <Button type="submit" variant="primary" loading={saving} disabled={!dirty}>
              {t('common:actions.save')}
            </Button>
          </>
        }
      />
      <ProfileFields profileRef={profileRef} disabled={saving} />
      <UnsavedChangesGuard when={dirty} />
    </form>
  );
}
