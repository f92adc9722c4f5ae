import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
import { pageOf } from '../storybook/play';
import { Button } from './Button';
import { Card } from './Card';
import { Checkbox } from './Checkbox';
import { ConfirmDialog } from './ConfirmDialog';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { FormRow } from './FormRow';
import { Icon } from './icons';
import { PageHeader } from './PageHeader';
import { Select } from './Select';
import { Spinner } from './Spinner';
import { TextField } from './TextField';
import { translateError } from './translate-error';

const noop = () => {};

/** The design kit's controls side by side (texts borrowed from the real namespaces). */
function KitGallery() {
  const { t } = useTranslation(['common', 'profile', 'shell', 'notifications']);
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-6">
      <PageHeader title={t('profile:title')} description={t('profile:subtitle')} />
      <Card
        title={t('profile:sections.personal')}
        footer={<Button variant="primary">{t('common:actions.save')}</Button>}
      >
        <FormRow>
          <TextField label={t('profile:fields.name')} defaultValue="Alex Admin" />
          <TextField label={t('profile:fields.email')} defaultValue="not-an-email" error={{ code: 'email' }} />
          <TextField
            label={t('profile:password.new')}
            type="password"
            defaultValue="short"
            error={{ code: 'min_length', params: { length: 8 } }}
          />
          <Select
            label={t('profile:fields.identifier_format')}
            value="dec"
            onChange={noop}
            options={[
              { value: 'dec', label: t('profile:identifierFormats.dec') },
              { value: 'hex', label: t('profile:identifierFormats.hex') },
            ]}
          />
        </FormRow>
        <Checkbox className="mt-3" label={t('profile:fields.use_phone_in_forward')} defaultChecked />
      </Card>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary">{t('common:actions.save')}</Button>
        <Button>{t('common:actions.cancel')}</Button>
        <Button variant="danger">{t('common:unsaved.leave')}</Button>
        <Button variant="ghost" icon={<Icon name="close" />}>
          {t('common:actions.close')}
        </Button>
        <Button variant="primary" loading>
          {t('common:actions.save')}
        </Button>
        <Spinner label={t('common:state.loading')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <EmptyState icon={<Icon name="bell" className="size-6" />} title={t('notifications:bell.empty')} />
        </Card>
        <ErrorState title={t('shell:session.failed')} message={translateError(t, null)} onRetry={noop} />
      </div>
    </div>
  );
}

/** A confirmation dialog, open. */
function ConfirmOpen() {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog
      open
      title={t('unsaved.title')}
      message={t('unsaved.message')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      tone="danger"
      onConfirm={noop}
      onCancel={noop}
    />
  );
}

const meta = { title: 'Kit/Gallery', component: KitGallery } satisfies Meta<typeof KitGallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Controls: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No notifications')).toBeInTheDocument();
    await expect(canvas.getByLabelText('E-mail')).toHaveAccessibleDescription('Must be an e-mail');
  },
};
export const ConfirmDialogOpen: Story = {
  render: () => <ConfirmOpen />,
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(within(dialog).getByRole('button', { name: 'Stay' })).toBeInTheDocument();
  },
};
