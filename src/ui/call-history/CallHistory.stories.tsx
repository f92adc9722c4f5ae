import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { CallHistoryView } from './CallHistoryView';
import { callFixtures } from './call.fixtures';

/** The call history (all calls or SOS calls) over a frozen list actor. */
function CallHistoryStory({ state }: { state: keyof typeof callFixtures }) {
  const listRef = useFrozenActor(entityListMachine, callFixtures[state]);
  return (
    <div className="p-6">
      <CallHistoryView
        key={state}
        tab={state === 'sos' ? 'sos' : 'all'}
        listRef={listRef}
        filters={[
          {
            kind: 'choice',
            field: 'status',
            label: 'Outcome',
            rule: 'equals',
            choices: [{ value: 'busy', label: 'Busy' }],
          },
          { kind: 'date', field: 'date_from', label: 'From day', rule: 'equals_above' },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Telephony/Call history',
  component: CallHistoryStory,
  parameters: { gatehouse: { route: { path: '/call-history', entry: '/call-history' } } },
} satisfies Meta<typeof CallHistoryStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllCalls: Story = {
  args: { state: 'ready' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Call history' });
    // Rows are named by the call's speech id; the hour-long call shows h:mm:ss.
    await expect(within(table).getByRole('row', { name: /c0a8-0002/ })).toHaveTextContent('1:02:05');
  },
};
export const SosCalls: Story = {
  args: { state: 'sos' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Call history' });
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'SOS calls' })).toHaveAttribute('aria-current', 'page');
  },
};
export const Loading: Story = { args: { state: 'loading' } };
export const NothingMatches: Story = { args: { state: 'empty' } };
