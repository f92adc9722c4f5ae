import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { loaderFixtures } from '../../machines/loader/loader.fixtures';
import { type LoaderMachine, loaderMachine } from '../../machines/loader/loader.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { TermsView } from './TermsView';

const STATES = {
  loading: loaderFixtures.loading,
  loaded: loaderFixtures.loadedTerms,
  failed: loaderFixtures.failed,
} as const;

function Frame({ snapshot }: { snapshot: SnapshotFrom<LoaderMachine> }) {
  const termsRef = useFrozenActor(loaderMachine, snapshot);
  return (
    <div className="p-6">
      <TermsView termsRef={termsRef} />
    </div>
  );
}

/** The terms page over a frozen `terms(locale)` actor in the chosen fixture state. */
function TermsStory({ state }: { state: keyof typeof STATES }) {
  return <Frame key={state} snapshot={STATES[state]} />;
}

const meta = {
  title: 'Terms/Terms and conditions',
  component: TermsStory,
  argTypes: { state: { control: 'select', options: Object.keys(STATES) } },
} satisfies Meta<typeof TermsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Loaded: Story = {
  args: { state: 'loaded' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Use the console lawfully.')).toBeInTheDocument();
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Internal server error');
  },
};
