import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TextCopyDialog } from '../kit/TextCopyDialog';
import { pageOf } from '../storybook/play';
import { AppStoreQrDialog } from './AppStoreQrDialog';

/** The QR app-store dialog (2.5) with the default store links, and the text copy dialog. */
function Dialogs({ which }: { which: 'appStore' | 'textCopy' }) {
  return which === 'appStore' ? (
    <AppStoreQrDialog open onClose={() => {}} />
  ) : (
    <TextCopyDialog
      open
      title="Registration link"
      description="Hand this link to the new user."
      text="https://console.example.org/registration/3q2-7bGkT0yZ"
      onClose={() => {}}
    />
  );
}

const meta = {
  title: 'Shell/Handover dialogs',
  component: Dialogs,
  argTypes: { which: { control: 'inline-radio', options: ['appStore', 'textCopy'] } },
} satisfies Meta<typeof Dialogs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AppStore: Story = {
  args: { which: 'appStore' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Get the mobile app' });
    await expect(await within(dialog).findByRole('img', { name: 'QR code of the App Store page' })).toBeInTheDocument();
    await expect(
      await within(dialog).findByRole('img', { name: 'QR code of the Google Play page' }),
    ).toBeInTheDocument();
    await expect(within(dialog).getByRole('link', { name: 'Open in Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/search?q=Gatehouse&c=apps',
    );
  },
};
export const TextCopy: Story = {
  args: { which: 'textCopy' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Registration link' });
    await expect(within(dialog).getByRole('textbox', { name: 'Text to copy' })).toHaveValue(
      'https://console.example.org/registration/3q2-7bGkT0yZ',
    );
    await expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  },
};
