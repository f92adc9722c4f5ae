import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { AuditEventView } from './AuditEventDialog';
import { AuditEventsView } from './AuditEventsView';
import { auditFixtures } from './audit.fixtures';

const noop = () => {};

/** The list over a frozen actor, with one event's diff open when `event` names a fixture. */
function AuditScreen(props: { list: keyof typeof auditFixtures.list; event?: keyof typeof auditFixtures.event }) {
  const listRef = useFrozenActor(entityListMachine, auditFixtures.list[props.list]);
  return (
    <div className="p-6">
      <AuditEventsView listRef={listRef} filters={[]} canExport onOpen={noop}>
        {props.event ? <EventFrame state={props.event} /> : null}
      </AuditEventsView>
    </div>
  );
}

function EventFrame({ state }: { state: keyof typeof auditFixtures.event }) {
  const actor = useFrozenActor(loaderMachine, auditFixtures.event[state]);
  return <AuditEventView actor={actor} id={state === 'secret' ? 41 : 42} onClose={noop} />;
}

const meta = {
  title: 'Settings/Audit events',
  component: AuditScreen,
  parameters: { gatehouse: { route: { path: '/audit-events', entry: '/audit-events' } } },
} satisfies Meta<typeof AuditScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Events: Story = {
  args: { list: 'ready' },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Audit events' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(4);
    await expect(rows[0]).toHaveTextContent('Alex Admin');
    await expect(rows[0]).toHaveTextContent('Users');
    await expect(rows[0]).toHaveTextContent('Rita Renamed');
    await expect(rows[0]).toHaveTextContent('name, email');
    await expect(rows[0]).toHaveTextContent('198.51.100.4');
    await expect(rows[2]).toHaveTextContent('Deleted (bulk)');
    await expect(rows[3]).toHaveTextContent('System');
  },
};

export const NothingRecorded: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No changes are recorded yet')).toBeInTheDocument();
  },
};

export const Diff: Story = {
  args: { list: 'ready', event: 'loaded' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Change #42' });
    const diff = within(dialog).getByRole('table', { name: 'The change' });
    const name = within(diff).getByRole('row', { name: /name/ });
    await expect(name).toHaveTextContent('Rita Resident');
    await expect(name).toHaveTextContent('Rita Renamed');
    await expect(dialog).toHaveTextContent('PATCH /users/{id}');
    await expect(dialog).toHaveTextContent('req-7f3a');
  },
};

export const DiffWithASecret: Story = {
  args: { list: 'ready', event: 'secret' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Change #41' });
    const password = within(dialog).getByRole('row', { name: /^password/ });
    await expect(password).toHaveTextContent('changed; secret values are not recorded');
  },
};

export const DiffLoading: Story = {
  args: { list: 'ready', event: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByText('Loading the change…')).toBeInTheDocument();
  },
};

export const DiffFailed: Story = {
  args: { list: 'ready', event: 'failed' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Change #42' });
    await expect(dialog).toHaveTextContent('It does not exist, or it was deleted.');
    // A missing event stays missing: no retry is offered.
    await expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};
