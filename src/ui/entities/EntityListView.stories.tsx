import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { entityListFixtures } from '../../machines/entity-list/entity-list.fixtures';
import { type EntityListMachine, entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import type { ColumnDef } from './columns';
import { EntityListView } from './EntityListView';
import type { FilterDef } from './filters';
import { localPicker } from './story-support';
import { describeRole } from './use-pickers';

const roles = [
  { id: 1, name: 'admin', description: 'Everything' },
  { id: 2, name: 'staff', description: 'Front desk' },
];
const columns: ColumnDef[] = [
  { key: 'name', header: 'Name', sortField: 'name', cell: (row) => String(row.name) },
  { key: 'email', header: 'E-mail', sortField: 'email', cell: (row) => String(row.email) },
  { key: 'role', header: 'Role', cell: (row) => String(row.role) },
];
const rolePicker = localPicker(roles, describeRole);
const filters: FilterDef[] = [
  { kind: 'relation', field: 'role', label: 'Role', picker: rolePicker, labels: rolePicker.labels },
  {
    kind: 'choice',
    field: 'activated_at',
    label: 'Status',
    rule: 'is',
    choices: [
      { value: 'not_null', label: 'Active' },
      { value: 'null', label: 'Not activated' },
    ],
  },
];

function Frame({ snapshot }: { snapshot: SnapshotFrom<EntityListMachine> }) {
  const listRef = useFrozenActor(entityListMachine, snapshot);
  return (
    <div className="p-6">
      <EntityListView
        listRef={listRef}
        title="People"
        columns={columns}
        filters={filters}
        searchLabel="Search by name or e-mail"
        rowLabel={(row) => String(row.name)}
        entityLabel={(count) => `${count} people`}
        onOpen={() => {}}
        canExport
        canDelete
      />
    </div>
  );
}

/** The generic list page over a frozen `entityList` actor, with sample rows, in each fixture state. */
function ListStory({ state }: { state: keyof typeof entityListFixtures }) {
  return <Frame key={state} snapshot={entityListFixtures[state]} />;
}

const meta = {
  title: 'Entities/List',
  component: ListStory,
  argTypes: { state: { control: 'select', options: Object.keys(entityListFixtures) } },
} satisfies Meta<typeof ListStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Ready: Story = { args: { state: 'ready' } };
export const Empty: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nothing matches')).toBeInTheDocument();
  },
};
export const Refreshing: Story = { args: { state: 'refreshing' } };
export const Filtered: Story = { args: { state: 'filtered' } };
export const PageSelected: Story = {
  args: { state: 'pageSelected' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('toolbar', { name: 'Selected rows' })).toHaveTextContent('Selected: 4');
    await expect(canvas.getByRole('button', { name: 'Select all 24 matching rows' })).toBeInTheDocument();
  },
};
export const AllMatchingSelected: Story = {
  args: { state: 'allMatchingSelected' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('All 24 matching rows are selected.')).toBeInTheDocument();
  },
};
export const Exporting: Story = {
  args: { state: 'exporting' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Export to Excel' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
export const LoadingMore: Story = { args: { state: 'loadingMore' } };
export const Failed: Story = { args: { state: 'failed' } };
export const ConfirmingDelete: Story = { args: { state: 'confirmingDelete' } };
export const Deleting: Story = { args: { state: 'deleting' } };
