import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import {
  describeDevice,
  describeElevator,
  describeGroup,
  describeTimeRule,
  describeUser,
} from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { AccessRuleFormView } from './AccessRuleFormView';
import { AccessRulesView } from './AccessRulesView';
import { accessRuleFixtures } from './access-rule.fixtures';
import { ElevatorAccessRuleFormView } from './ElevatorAccessRuleFormView';
import { ElevatorAccessRulesView } from './ElevatorAccessRulesView';

const noop = () => {};
type FormState = keyof typeof accessRuleFixtures.form;
type ElevatorFormState = keyof typeof accessRuleFixtures.elevatorForm;

function ListFrame() {
  const listRef = useFrozenActor(entityListMachine, accessRuleFixtures.list.ready);
  return (
    <AccessRulesView listRef={listRef} filters={[]} can={{ create: true, delete: true }} onAdd={noop} onOpen={noop} />
  );
}

function FormFrame({ state }: { state: FormState }) {
  const formRef = useFrozenActor(entityFormMachine, accessRuleFixtures.form[state]);
  return (
    <AccessRuleFormView
      formRef={formRef}
      devices={frozenPicker(describeDevice)}
      users={frozenPicker(describeUser)}
      groups={frozenPicker(describeGroup)}
      schedules={frozenPicker(describeTimeRule)}
      onCancel={noop}
    />
  );
}

function ElevatorListFrame() {
  const listRef = useFrozenActor(entityListMachine, accessRuleFixtures.elevatorList.ready);
  return (
    <ElevatorAccessRulesView
      listRef={listRef}
      filters={[]}
      can={{ create: true, delete: true }}
      onAdd={noop}
      onOpen={noop}
    />
  );
}

function ElevatorFormFrame({ state }: { state: ElevatorFormState }) {
  const formRef = useFrozenActor(entityFormMachine, accessRuleFixtures.elevatorForm[state]);
  return (
    <ElevatorAccessRuleFormView
      formRef={formRef}
      users={frozenPicker(describeUser)}
      elevators={frozenPicker(describeElevator)}
      onCancel={noop}
    />
  );
}

/** The access rule and elevator access rule pages over frozen actors. */
function AccessRulesStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form' | 'elevatorList' | 'elevatorForm', string];
  return (
    <div className="p-6">
      {kind === 'list' ? <ListFrame /> : null}
      {kind === 'form' ? <FormFrame key={view} state={state as FormState} /> : null}
      {kind === 'elevatorList' ? <ElevatorListFrame /> : null}
      {kind === 'elevatorForm' ? <ElevatorFormFrame key={view} state={state as ElevatorFormState} /> : null}
    </div>
  );
}

const meta = {
  title: 'Access management/Access rules',
  component: AccessRulesStory,
  parameters: { gatehouse: { route: { path: '/access-rules/*', entry: '/access-rules' } } },
} satisfies Meta<typeof AccessRulesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Residents — Building A')).toBeInTheDocument();
    await expect(canvas.getByText('Prohibits')).toBeInTheDocument();
    await expect(canvas.getByText('Entrance #1, Main door controller #1, Main door controller #2')).toBeInTheDocument();
  },
};
export const NewRule: Story = { args: { view: 'form:creating' } };
export const EditRule: Story = {
  args: { view: 'form:editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const door = within(await canvas.findByRole('group', { name: 'Locks of Main door controller' }));
    await expect(door.getByRole('checkbox', { name: 'Lock 2' })).toBeChecked();
    await expect(door.getByRole('checkbox', { name: 'Lock 3' })).not.toBeChecked();
    // The panel's lock 1 is chosen; its lock 2 is not.
    const panel = within(canvas.getByRole('group', { name: 'Locks of Entrance' }));
    await expect(panel.getByRole('checkbox', { name: 'Lock 2' })).not.toBeChecked();
  },
};
export const LockOutOfRange: Story = {
  args: { view: 'form:lockOutOfRange' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Locks of Entrance')).toBeInTheDocument();
  },
};
export const ElevatorRules: Story = {
  args: { view: 'elevatorList:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sam Staff · elevator access disabled')).toBeInTheDocument();
    await expect(canvas.getByText('Lift A: 1, 2')).toBeInTheDocument();
  },
};
export const NewElevatorRule: Story = { args: { view: 'elevatorForm:creating' } };
export const EditElevatorRule: Story = {
  args: { view: 'elevatorForm:editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: '1 (Lobby)' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: '3' })).not.toBeChecked();
  },
};
export const IncompleteElevatorRule: Story = {
  args: { view: 'elevatorForm:incomplete' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Choose at least one user')).toBeInTheDocument();
  },
};
