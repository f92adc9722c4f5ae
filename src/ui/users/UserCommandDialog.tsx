import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { type User, UserSchema } from '../../contract/entities/user';
import { usePageMachines } from '../app/actor-context';
import { useEntityForm } from '../entities/use-entity-form';
import { AvatarDialog } from './AvatarDialog';
import { CommandConfirm } from './CommandConfirm';
import { PasswordDialog } from './PasswordDialog';
import type { UserCommand } from './UserAside';
import { avatarForm, commandForm, userPasswordForm } from './user-form';

/** Props of {@link UserCommandDialog}. */
export interface UserCommandDialogProps {
  /** The one-call commands; the mobile clients dialog is a reader of its own. */
  command: Exclude<UserCommand, 'mobileClients'>;
  user: User;
  onClose: () => void;
  /** Done; with the user as it is now when the call answered it (avatar changes). */
  onDone: (item: User | null) => void;
}

const DEFINITIONS = {
  password: userPasswordForm,
  avatar: avatarForm,
  removeAvatar: commandForm('users:avatar.removed'),
  invite: commandForm('users:invite.sent'),
} as const;

/** One of the edit page's one-call dialogs, each over its own command actor. */
export function UserCommandDialog({ command, user, onClose, onDone }: UserCommandDialogProps) {
  const { t } = useTranslation('users');
  const { userCommands } = usePageMachines();
  const formRef = useEntityForm(
    userCommands[command],
    { id: user.id, item: user, definition: DEFINITIONS[command] },
    (saved) => {
      // The avatar calls answer the user as it is now; the others answer nothing.
      const item = v.is(UserSchema, saved.item) ? saved.item : null;
      onDone(command === 'removeAvatar' ? (item ?? { ...user, avatar_url: null }) : item);
    },
  );
  if (command === 'password') return <PasswordDialog formRef={formRef} onClose={onClose} />;
  if (command === 'avatar') return <AvatarDialog formRef={formRef} onClose={onClose} />;
  if (command === 'removeAvatar')
    return (
      <CommandConfirm
        formRef={formRef}
        title={t('avatar.removeTitle')}
        message={t('avatar.removeMessage', { name: user.name })}
        confirmLabel={t('avatar.remove')}
        tone="danger"
        onClose={onClose}
      />
    );
  return (
    <CommandConfirm
      formRef={formRef}
      title={t('invite.title')}
      message={t('invite.message', { email: user.email ?? user.login })}
      confirmLabel={t('invite.send')}
      onClose={onClose}
    />
  );
}
