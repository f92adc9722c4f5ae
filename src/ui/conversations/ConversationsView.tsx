import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ConversationFeedMachine } from '../../machines/conversation-feed/conversation-feed.machine';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { Button } from '../kit/Button';
import { conversationColumns } from './conversation-columns';
import { LiveFeedStatus } from './LiveFeedStatus';

/** Props of {@link ConversationsView}. */
export interface ConversationsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  /** The caller's user id: their own messages read "You". */
  selfId: number | null;
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  /** The live message feed, while it runs (logged in with a profile). */
  feedRef?: ActorRefFrom<ConversationFeedMachine>;
  /** The page's dialog. */
  children?: ReactNode;
}

/** /conversations: the inbox with the last message and an unread marker; new conversation; delete. */
export function ConversationsView({ listRef, selfId, can, onAdd, onOpen, feedRef, children }: ConversationsViewProps) {
  const { t, i18n } = useTranslation(['conversations', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('conversations:title')}
      description={t('conversations:subtitle')}
      columns={conversationColumns(t, i18n.language, selfId)}
      searchLabel={t('conversations:search')}
      rowLabel={(row) => String(row.subject)}
      entityLabel={(count) => t('conversations:count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        <>
          {feedRef ? <LiveFeedStatus feedRef={feedRef} /> : null}
          {can.create ? (
            <Button variant="primary" onClick={onAdd}>
              {t('conversations:add')}
            </Button>
          ) : null}
        </>
      }
    >
      {children}
    </EntityListView>
  );
}
