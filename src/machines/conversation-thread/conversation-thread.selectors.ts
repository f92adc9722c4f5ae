import type { SnapshotFrom } from 'xstate';
import { COMMUNICATIONS } from '../../contract/constants';
import type { ConversationThreadMachine } from './conversation-thread.machine';

type S = SnapshotFrom<ConversationThreadMachine>;

/** The conversation (subject, participants), once loaded. */
export const selectThreadConversation = (s: S) => s.context.conversation;
/** Loaded messages, oldest first. */
export const selectThreadMessages = (s: S) => s.context.messages;
export const selectIsThreadLoading = (s: S) => s.matches('loading');
export const selectIsThreadFailed = (s: S) => s.matches('failed');
export const selectThreadFailure = (s: S) => s.context.failure;
/** Older messages can be loaded. */
export const selectHasOlder = (s: S) => s.matches('ready') && s.context.hasMore;
export const selectIsLoadingOlder = (s: S) => s.matches({ ready: { history: 'loadingOlder' } });
export const selectDraft = (s: S) => s.context.draft;
export const selectIsSending = (s: S) => s.matches({ ready: { composer: 'sending' } });
/** The caller takes part, so the composer shows. */
export const selectCanWrite = (s: S) => s.context.conversation?.is_participant === true;
/** The draft may be sent now. */
export const selectCanSend = (s: S) => {
  const text = s.context.draft.trim();
  return (
    s.matches({ ready: { composer: 'idle' } }) &&
    s.context.conversation?.is_participant === true &&
    text.length > 0 &&
    text.length <= COMMUNICATIONS.messageMaxLength
  );
};
/** Characters left in the draft (negative when too long). */
export const selectDraftLeft = (s: S) => COMMUNICATIONS.messageMaxLength - s.context.draft.trim().length;
