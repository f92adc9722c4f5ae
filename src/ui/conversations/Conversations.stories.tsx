import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeUser } from '../entities/use-pickers';
import { pageOf } from '../storybook/play';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { ConversationsView } from './ConversationsView';
import { conversationFixtures } from './conversation.fixtures';
import { NewConversationDialog } from './NewConversationDialog';

const noop = () => {};

function ListFrame({ state }: { state: keyof typeof conversationFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, conversationFixtures.list[state]);
  return (
    <div className="p-6">
      <ConversationsView
        listRef={listRef}
        selfId={4}
        can={{ create: true, delete: false }}
        onAdd={noop}
        onOpen={noop}
      />
    </div>
  );
}

function DialogFrame({ state }: { state: keyof typeof conversationFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, conversationFixtures.form[state]);
  return <NewConversationDialog formRef={formRef} recipients={frozenPicker(describeUser)} onClose={noop} />;
}

/** The inbox and the new-conversation dialog over frozen actors. */
function ConversationsStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} state={state as keyof typeof conversationFixtures.list} />
  ) : (
    <DialogFrame key={view} state={state as keyof typeof conversationFixtures.form} />
  );
}

const meta = {
  title: 'Conversations/Inbox',
  component: ConversationsStory,
  parameters: {
    gatehouse: { route: { path: '/conversations', entry: '/conversations' } } satisfies GatehouseParameters,
  },
} satisfies Meta<typeof ConversationsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: 'list:loading' } };
/** Unread marker, interlocutor, last message; a read one has no marker. */
export const WithUnread: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByText('Parcel at the desk')).closest('tr') as HTMLElement;
    await expect(within(row).getByRole('status', { name: '2 unread messages' })).toHaveTextContent('2');
    await expect(within(row).getByText('Cora Concierge')).toBeInTheDocument();
    const read = canvas.getByText('Parking permit renewal').closest('tr') as HTMLElement;
    await expect(within(read).queryByRole('status')).not.toBeInTheDocument();
    await expect(within(read).getByText(/You:/)).toBeInTheDocument();
  },
};
export const Empty: Story = { args: { view: 'list:empty' } };
export const NewConversation: Story = { args: { view: 'form:creating' } };
/** The recipient and the message are required. */
export const NewConversationWithErrors: Story = {
  args: { view: 'form:withErrors' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'New conversation' });
    await expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);
    await expect(within(dialog).getByLabelText('Subject')).toHaveValue('Parcel');
  },
};
