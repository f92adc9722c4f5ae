import { useTranslation } from 'react-i18next';
import { UserSchema } from '../../contract/entities/user';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { LicenceCard } from './LicenceCard';
import { RelatedCard } from './RelatedCard';
import { UserAvatar } from './UserAvatar';

/** The one-call dialogs the edit page offers. */
export type UserCommand = 'password' | 'avatar' | 'removeAvatar' | 'invite' | 'mobileClients';

/** Which of the edit page's commands the caller may use: one flag per command, from its call. */
export type UserCommands = Record<UserCommand, boolean>;

/** Props of {@link UserAside}. */
export interface UserAsideProps {
  formRef: FormRef;
  /** Each command's call may be made (avatar, invitation, password), and the licence card's rule holds. */
  can: UserCommands & { licences: boolean };
  onCommand: (command: UserCommand) => void;
}

/** Beside an existing user's form: avatar, account status and invitation, licence info, related items. */
export function UserAside({ formRef, can, onCommand }: UserAsideProps) {
  const { t } = useTranslation('users');
  const user = useFormItem(formRef, UserSchema);
  if (!user) return null;
  return (
    <>
      <Card title={t('avatar.title')}>
        <div className="flex flex-col items-center gap-3">
          <UserAvatar name={user.name} url={user.avatar_url} size="lg" />
          {can.avatar || can.removeAvatar ? (
            <div className="flex gap-2">
              {can.avatar ? (
                <Button size="sm" onClick={() => onCommand('avatar')}>
                  {t('avatar.upload')}
                </Button>
              ) : null}
              {user.avatar_url && can.removeAvatar ? (
                <Button size="sm" variant="ghost" onClick={() => onCommand('removeAvatar')}>
                  {t('avatar.remove')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </Card>
      <Card title={t('account.title')}>
        <dl className="space-y-2 text-[13px]">
          <div>
            <dt className="text-muted">{t('fields.status')}</dt>
            <dd>
              {user.activated_at
                ? t('account.activatedAt', { date: user.activated_at.slice(0, 10) })
                : t('status.invited')}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('account.createdBy')}</dt>
            <dd>{user.created_by_user?.name ?? '—'}</dd>
          </div>
        </dl>
        <div className="mt-3 flex flex-wrap gap-2">
          {!user.activated_at && can.invite ? (
            <Button size="sm" onClick={() => onCommand('invite')}>
              {t('invite.action')}
            </Button>
          ) : null}
          {can.password ? (
            <Button size="sm" onClick={() => onCommand('password')}>
              {t('password.action')}
            </Button>
          ) : null}
          {can.mobileClients ? (
            <Button size="sm" onClick={() => onCommand('mobileClients')}>
              {t('mobileClients.action')}
            </Button>
          ) : null}
        </div>
      </Card>
      {can.licences ? <LicenceCard info={user.license_info} /> : null}
      <RelatedCard user={user} />
    </>
  );
}
