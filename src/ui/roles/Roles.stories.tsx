import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeRole } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { RoleFormView } from './RoleFormView';
import { RolesView } from './RolesView';
import { roleFixtures } from './role.fixtures';

const noop = () => {};

function ListFrame({ state }: { state: keyof typeof roleFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, roleFixtures.list[state]);
  return (
    <div className="p-6">
      <RolesView listRef={listRef} can={{ create: true, delete: true }} onAdd={noop} onOpen={noop} />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof roleFixtures.form }) {
  // `assign`s stay real: the permission editor can be clicked in the story.
  const formRef = useFrozenActor(entityFormMachine, roleFixtures.form[state]);
  return (
    <div className="p-6">
      <RoleFormView formRef={formRef} roles={frozenPicker(describeRole)} onCancel={noop} />
    </div>
  );
}

/** The roles list and the role page over frozen actors. */
function RolesStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} state={state as keyof typeof roleFixtures.list} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof roleFixtures.form} />
  );
}

const meta = {
  title: 'Roles/Roles',
  component: RolesStory,
  parameters: { gatehouse: { route: { path: '/roles/*', entry: '/roles' } } },
} satisfies Meta<typeof RolesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = { args: { view: 'list:ready' } };
export const KeptDependencies: Story = { args: { view: 'list:keptDependencies' } };
export const EditRole: Story = { args: { view: 'form:editing' } };
export const AdminRole: Story = { args: { view: 'form:admin' } };
