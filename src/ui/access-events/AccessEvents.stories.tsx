import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { Ukey2View } from '../ukey2/Ukey2View';
import { Ukey2ViewView } from '../ukey2/Ukey2ViewPage';
import { AccessEventsView } from './AccessEventsView';
import { accessEventFixtures } from './access-event.fixtures';

const noop = () => {};

function EventsFrame({ state }: { state: keyof typeof accessEventFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, accessEventFixtures.list[state]);
  return (
    <div className="p-6">
      <AccessEventsView listRef={listRef} filters={[]} canExport />
    </div>
  );
}

function Ukey2ListFrame() {
  const listRef = useFrozenActor(entityListMachine, accessEventFixtures.ukey2.list);
  return (
    <div className="p-6">
      <Ukey2View listRef={listRef} filters={[]} canIssue onIssue={noop} onOpen={noop} />
    </div>
  );
}

function Ukey2Frame({ state }: { state: 'view' | 'revoked' }) {
  const formRef = useFrozenActor(entityFormMachine, accessEventFixtures.ukey2[state]);
  return (
    <div className="p-6">
      <Ukey2ViewView formRef={formRef} can={{ revoke: true, issue: true }} onBack={noop} />
    </div>
  );
}

/** The ACS log and the UKEY2 pages over frozen actors. */
function AccessEventsStory({ view }: { view: string }) {
  if (view === 'events:ready' || view === 'events:denied')
    return <EventsFrame key={view} state={view.slice(7) as 'ready' | 'denied'} />;
  if (view === 'ukey2:list') return <Ukey2ListFrame />;
  return <Ukey2Frame key={view} state={view === 'ukey2:revoked' ? 'revoked' : 'view'} />;
}

const meta = {
  title: 'Access/Access events and UKEY2',
  component: AccessEventsStory,
  parameters: { gatehouse: { route: { path: '/*', entry: '/access-control/events' } } },
} satisfies Meta<typeof AccessEventsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Events: Story = {
  args: { view: 'events:ready' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Access events' });
    const revoked = within(table).getByRole('row', { name: /Main door · lock 1.*Revoked identifier/ });
    await expect(revoked).toHaveTextContent('Rita Resident');
    await expect(revoked).toHaveTextContent('7340021');
    await expect(within(table).getByRole('row', { name: /Guest · Plumber/ })).toHaveTextContent('Granted');
    await expect(within(table).getByRole('row', { name: /Bike room/ })).toHaveTextContent('Nobody known');
    // A number the viewer may not see stays hidden.
    await expect(within(table).getByText('••••0042')).toHaveAttribute(
      'title',
      'Hidden: you may not see this identifier',
    );
    await expect(within(canvasElement).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Denied: Story = {
  args: { view: 'events:denied' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('button', { name: 'Denied' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Ukey2List: Story = {
  args: { view: 'ukey2:list' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'UKEY2 identifiers' });
    await expect(within(table).getByRole('row', { name: /Rita’s phone/ })).toHaveTextContent('iPhone · iPhone 15');
    await expect(within(table).getByRole('row', { name: /Cora Concierge/ })).toHaveTextContent('Revoked');
    await expect(within(canvasElement).getByRole('button', { name: 'Issue UKEY2' })).toBeVisible();
  },
};

export const Ukey2Item: Story = {
  args: { view: 'ukey2:view' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'UKEY2 Rita’s phone' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Revoke' })).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Issue a new one' })).not.toBeInTheDocument();
    await expect(page.getByRole('link', { name: 'Its access events' })).toHaveAttribute(
      'href',
      expect.stringContaining('/access-control/events?filters='),
    );
  },
};

export const Ukey2Revoked: Story = {
  args: { view: 'ukey2:revoked' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('button', { name: 'Issue a new one' })).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  },
};
