import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { conversationsEntity } from '../../contract/entities/conversation';
import type { AppMachine } from '../../machines/app/app.machine';
import type { ConversationFeedMachine } from '../../machines/conversation-feed/conversation-feed.machine';
import { selectProfile } from '../../machines/session/session.selectors';
import { useAppActor, usePageMachines, useSessionActor } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { ConversationsView } from './ConversationsView';
import { conversationForm } from './conversation-form';
import { NewConversationDialog } from './NewConversationDialog';

type AppSnapshot = ReturnType<ActorRefFrom<AppMachine>['getSnapshot']>;

/** The live message feed the root actor runs once the profile is loaded. */
const selectFeedRef = (s: AppSnapshot) =>
  (s.children as Record<string, unknown>).conversationFeed as ActorRefFrom<ConversationFeedMachine> | undefined;

/** /conversations: the list actor (refreshed live by its service) and the new-conversation dialog. */
export function ConversationsPage() {
  const { entities } = usePageMachines();
  const { openPage } = usePageStack();
  const selfId = useSelector(useSessionActor(), selectProfile)?.id ?? null;
  const feedRef = useSelector(useAppActor(), selectFeedRef);
  const listRef = useEntityList(entities.conversations.list, { defaultSort: [...conversationsEntity.defaultSort] });
  const [adding, setAdding] = useState(false);
  const can = useEntityAccess(conversationsEntity);
  return (
    <ConversationsView
      listRef={listRef}
      selfId={selfId}
      can={can}
      onAdd={() => setAdding(true)}
      onOpen={(row) => openPage(`/conversation/${row.id}`)}
      feedRef={feedRef}
    >
      {adding ? (
        <NewConversation onClose={() => setAdding(false)} onCreated={(id) => openPage(`/conversation/${id}`)} />
      ) : null}
    </ConversationsView>
  );
}

function NewConversation(props: { onClose: () => void; onCreated: (id: number) => void }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const formRef = useEntityForm(entities.conversations.form, { id: null, definition: conversationForm }, (saved) =>
    props.onCreated(saved.id),
  );
  return <NewConversationDialog formRef={formRef} recipients={pickers.recipients} onClose={props.onClose} />;
}
