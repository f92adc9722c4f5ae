import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeGroup, describeMarker, describeRole } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { UserFormView } from './UserFormView';
import { UsersView } from './UsersView';
import { userFixtures } from './user.fixtures';

const noop = () => {};
const pickers = {
  roles: frozenPicker(describeRole),
  groups: frozenPicker(describeGroup),
  markers: frozenPicker(describeMarker),
};

function ListFrame({ state }: { state: keyof typeof userFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, userFixtures.list[state]);
  const filters = [
    {
      kind: 'relation' as const,
      field: 'markers',
      label: 'Markers',
      picker: pickers.markers,
      labels: pickers.markers.labels,
    },
  ];
  return (
    <div className="p-6">
      <UsersView
        listRef={listRef}
        filters={filters}
        can={{ create: true, delete: true, export: true, markers: true }}
        onAdd={noop}
        onOpen={noop}
      />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof userFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, userFixtures.form[state]);
  return (
    <div className="p-6">
      <UserFormView
        formRef={formRef}
        pickers={pickers}
        can={{ avatar: true, removeAvatar: true, invite: true, password: true, mobileClients: true, licences: true }}
        onCancel={noop}
        onCommand={noop}
      />
    </div>
  );
}

/** The users list and the user page over frozen actors. */
function UsersStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} state={state as keyof typeof userFixtures.list} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof userFixtures.form} />
  );
}

const meta = {
  title: 'Users/Users',
  component: UsersStory,
  parameters: { gatehouse: { route: { path: '/users/*', entry: '/users' } } },
} satisfies Meta<typeof UsersStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = { args: { view: 'list:ready' } };
export const FilteredList: Story = { args: { view: 'list:filtered' } };
export const NewUser: Story = { args: { view: 'form:creating' } };
export const EditUser: Story = { args: { view: 'form:editing' } };
export const DuplicateLogin: Story = { args: { view: 'form:withServerError' } };
export const ReadOnlyUser: Story = { args: { view: 'form:readOnly' } };
