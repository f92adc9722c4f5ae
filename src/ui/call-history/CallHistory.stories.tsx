import type { Meta, StoryObj } from '@storybook/react-vite';
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

export const AllCalls: Story = { args: { state: 'ready' } };
export const SosCalls: Story = { args: { state: 'sos' } };
export const Loading: Story = { args: { state: 'loading' } };
export const NothingMatches: Story = { args: { state: 'empty' } };
