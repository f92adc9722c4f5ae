import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { resourceFixtures } from '../../machines/resource/resource.fixtures';
import { type ResourceMachine, resourceMachine } from '../../machines/resource/resource.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { HomeView } from './HomeView';

const STATES = {
  loading: resourceFixtures.loading,
  loaded: resourceFixtures.loaded,
  failed: resourceFixtures.failed,
} as const;

function Frame({ snapshot }: { snapshot: SnapshotFrom<ResourceMachine> }) {
  const countsRef = useFrozenActor(resourceMachine, snapshot);
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

export const Loading: Story = { args: { state: 'loading' } };
export const Loaded: Story = { args: { state: 'loaded' } };
export const Failed: Story = { args: { state: 'failed' } };
