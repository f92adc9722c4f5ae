import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeUser } from '../entities/use-pickers';
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
export const WithUnread: Story = { args: { view: 'list:ready' } };
export const Empty: Story = { args: { view: 'list:empty' } };
export const NewConversation: Story = { args: { view: 'form:creating' } };
export const NewConversationWithErrors: Story = { args: { view: 'form:withErrors' } };
