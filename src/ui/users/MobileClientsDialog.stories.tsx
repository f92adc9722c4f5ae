import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { MobileClient } from '../../contract/entities/mobile-client';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { MobileClientsView } from './MobileClientsDialog';

const clients: MobileClient[] = [
  {
    id: 31,
    platform: 'ios',
    info: 'iPhone 15, iOS 18.1, app 3.2.0',
    auth_at: '2026-03-04T08:30:00.000Z',
    vendor_id: '6F9619FF-8B86-D011-B42D-00CF4FC964FF',
    sip_number: '1001',
    ukey2: 'UK2-0042',
  },
  {
    id: 12,
    platform: 'android',
    info: null,
    auth_at: '2026-01-02T10:00:00.000Z',
    vendor_id: 'a1b2c3d4e5f60718',
    sip_number: null,
    ukey2: null,
  },
];
const states = {
  loading: loaderMachine.resolveState({ value: 'loading', context: { data: null, error: null } }),
  loaded: loaderMachine.resolveState({ value: 'loaded', context: { data: clients, error: null } }),
  empty: loaderMachine.resolveState({ value: 'loaded', context: { data: [], error: null } }),
  failed: loaderMachine.resolveState({
    value: 'failed',
    context: { data: null, error: { code: 'internal server error', status: 500 } },
  }),
};

/** The mobile client info dialog over a frozen loader. */
function MobileClientsStory({ state }: { state: keyof typeof states }) {
  const actor = useFrozenActor(loaderMachine, states[state]);
  return <MobileClientsView key={state} actor={actor} userName="Rita Resident" onClose={() => {}} />;
}

const meta = {
  title: 'Users/Mobile clients',
  component: MobileClientsStory,
  argTypes: { state: { control: 'select', options: Object.keys(states) } },
} satisfies Meta<typeof MobileClientsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Loaded: Story = {
  args: { state: 'loaded' },
  play: async ({ canvasElement }) => {
    const table = await pageOf(canvasElement).findByRole('table', { name: 'Mobile clients' });
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    await expect(within(table).getByText('iPhone 15, iOS 18.1, app 3.2.0')).toBeInTheDocument();
    await expect(within(table).getByText('Android')).toBeInTheDocument();
  },
};
export const Empty: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText(/No mobile clients yet/)).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Get the mobile app' })).toBeInTheDocument();
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    const failure = await pageOf(canvasElement).findByRole('alert');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
