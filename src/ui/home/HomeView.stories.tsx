import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { loaderFixtures } from '../../machines/loader/loader.fixtures';
import { type LoaderMachine, loaderMachine } from '../../machines/loader/loader.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { HomeView } from './HomeView';

const STATES = {
  loading: loaderFixtures.loading,
  loaded: loaderFixtures.loaded,
  failed: loaderFixtures.failed,
} as const;

function Frame({ snapshot }: { snapshot: SnapshotFrom<LoaderMachine> }) {
  const countsRef = useFrozenActor(loaderMachine, snapshot);
  return (
    <div className="p-6">
      <HomeView countsRef={countsRef} />
    </div>
  );
}

/** The dashboard over a frozen `homeCounts` actor in the chosen fixture state. */
function HomeStory({ state }: { state: keyof typeof STATES }) {
  return <Frame key={state} snapshot={STATES[state]} />;
}

const meta = {
  title: 'Home/Dashboard',
  component: HomeStory,
  argTypes: { state: { control: 'select', options: Object.keys(STATES) } },
} satisfies Meta<typeof HomeStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the summary…')).toBeInTheDocument();
  },
};
export const Loaded: Story = {
  args: { state: 'loaded' },
  play: async ({ canvasElement }) => {
    const counts = await within(canvasElement).findByRole('list', { name: 'Summary' });
    await expect(within(counts).getByRole('link', { name: /12\s*Users/ })).toHaveAttribute('href', '/users');
    await expect(within(counts).getByText('Projects')).toBeInTheDocument();
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    const failure = await within(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('The summary could not be loaded');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
