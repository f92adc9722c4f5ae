import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { liftCallFixtures } from '../../machines/lift-call/lift-call.fixtures';
import { liftCallMachine } from '../../machines/lift-call/lift-call.machine';
import { frozenPicker } from '../entities/story-support';
import { describeGroup, describeLiftController } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { ElevatorFormView } from './ElevatorFormView';
import { ElevatorsView } from './ElevatorsView';
import { elevatorFixtures } from './elevator.fixtures';

const noop = () => {};

/** The elevators list with the lift call dialog over a frozen `liftCall` actor in a fixture state. */
export function ElevatorsListStory({ state = 'closed' }: { state?: keyof typeof liftCallFixtures }) {
  const listRef = useFrozenActor(entityListMachine, elevatorFixtures.list.ready);
  const callRef = useFrozenActor(liftCallMachine, liftCallFixtures[state]);
  return (
    <div className="p-6">
      <ElevatorsView
        key={state}
        listRef={listRef}
        callRef={callRef}
        filters={[]}
        can={{ create: true, delete: true, call: true }}
        onAdd={noop}
        onOpen={noop}
      />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof elevatorFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, elevatorFixtures.form[state]);
  return (
    <div className="p-6">
      <ElevatorFormView
        formRef={formRef}
        groups={frozenPicker(describeGroup)}
        controllers={frozenPicker(describeLiftController)}
        onCancel={noop}
      />
    </div>
  );
}

/** The elevators list and the elevator page over frozen actors. */
function ElevatorsStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ElevatorsListStory key={view} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof elevatorFixtures.form} />
  );
}

const meta = {
  title: 'Elevators/Elevators',
  component: ElevatorsStory,
  parameters: { gatehouse: { route: { path: '/elevators/*', entry: '/elevators' } } },
  // The list frame is exported for the Machines section, not a story of its own.
  excludeStories: ['ElevatorsListStory'],
} satisfies Meta<typeof ElevatorsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Lift A')).toBeInTheDocument();
    await expect(canvas.getByText('Lift controller · online')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Call Lift A' })).toBeEnabled();
  },
};
export const NewElevator: Story = { args: { view: 'form:creating' } };
export const EditElevator: Story = {
  args: { view: 'form:editing' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('1 (Lobby), 2, 3, 4')).toBeInTheDocument();
  },
};
export const ControllerLinked: Story = {
  args: { view: 'form:linked' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Value must be unique')).toBeInTheDocument();
  },
};
