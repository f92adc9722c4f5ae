import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { LicenceBannerView } from './LicenceBanner';
import { licencesFixtures } from './licences.fixtures';

type Warning = 'willExpire' | 'willExpireToday' | 'alreadyExpired' | 'noLicence' | 'normal';

/** The persistent licence warning (section 4, 6.4) as the shell shows it under the top bar. */
function BannerStory({ state }: { state: Warning }) {
  const loader = useFrozenActor(loaderMachine, licencesFixtures[state]);
  return (
    <div>
      <LicenceBannerView loader={loader} />
      <p className="p-4 text-sm text-muted">The page below the top bar.</p>
    </div>
  );
}

const meta = {
  title: 'Licences/Warning banner',
  component: BannerStory,
  argTypes: {
    state: { control: 'select', options: ['willExpire', 'willExpireToday', 'alreadyExpired', 'noLicence', 'normal'] },
  },
} satisfies Meta<typeof BannerStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const says =
  (text: RegExp) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const banner = await within(canvasElement).findByRole('status');
    await expect(banner).toHaveTextContent(text);
    await expect(within(banner).getByRole('link', { name: 'Open licences' })).toBeInTheDocument();
  };

export const WillExpire: Story = { args: { state: 'willExpire' }, play: says(/expires in 9 days/) };
export const WillExpireToday: Story = { args: { state: 'willExpireToday' }, play: says(/expires today/) };
export const AlreadyExpired: Story = { args: { state: 'alreadyExpired' }, play: says(/disabled in 5 days/) };
export const NoLicence: Story = { args: { state: 'noLicence' }, play: says(/no valid licence/) };
export const Normal: Story = {
  args: { state: 'normal' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).not.toBeInTheDocument();
  },
};
