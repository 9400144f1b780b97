import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import {
  clearChatConversation,
  mergeServerConversations,
  mergeServerMessages,
  queueChatMessage,
  retryChatMessage,
  sentMessageId,
} from '../../data/chat';
import { localDb } from '../../data/db';
import type { ChatAttachmentRecord } from '../../domain/chat/messages';
import { PAGE_SIZE } from '../../domain/constants';
import { gqlRequest } from '../../graphql/client';
import {
  ChatConversationDocument,
  ChatConversationsDocument,
  ChatMessageStreamDocument,
  CreateChatConversationDocument,
  MarkChatConversationReadDocument,
} from '../../graphql/generated/graphql';
import { useSubscription, useSubscriptionConnection } from '../../graphql/subscriptions';
import { readStored, writeStored } from '../../lib/storage';
import { useOnline } from '../orders/useOnline';
import { localMessageOf } from '../../data/chat';
import type { ChatConversationView, ChatMessageView } from './types';

/** localStorage key of the conversation the assistant shows. */
export const ACTIVE_CONVERSATION_KEY = 'chatActiveConversation';

export interface ChatController {
  conversations: ChatConversationView[];
  activeConversationId: string | null;
  messages: ChatMessageView[];
  isTyping: boolean;
  /** Text of the reply streaming in. */
  streaming: string | null;
  isConnected: boolean;
  /** The socket dropped and is being retried (spec §3 Chat state); shown as 'Reconnecting…'. */
  isReconnecting: boolean;
  select(id: string): void;
  send(text: string, attachments: ChatAttachmentRecord[]): void;
  retry(message: ChatMessageView): void;
  newConversation(): Promise<void>;
  clear(): Promise<void>;
}

const byUpdated = (a: ChatConversationView, b: ChatConversationView) => b.updatedAt.localeCompare(a.updatedAt);

/**
 * The assistant's state (spec §3 Chat state) on the local database: conversations and messages are read from
 * Dexie, sends go through the outbox (so they wait offline and are sent in order, once), server answers and
 * streamed replies are written back.
 */
export function useChat(): ChatController {
  const db = localDb();
  const online = useOnline();
  const connection = useSubscriptionConnection();
  const [activeId, setActiveId] = useState<string | null>(() => readStored(ACTIVE_CONVERSATION_KEY));
  const [streaming, setStreaming] = useState<{ messageId: string; text: string } | null>(null);

  const conversations = useLiveQuery(() => db.conversations.toArray(), [db], []).sort(byUpdated);
  const activeConversationId = activeId ?? conversations[0]?.id ?? null;
  const stored = useLiveQuery(
    () =>
      activeConversationId
        ? db.messages
            .where('[conversationId+createdAt]')
            .between([activeConversationId, ''], [activeConversationId, '\uffff'])
            .toArray()
        : [],
    [db, activeConversationId],
    [],
  );
  const failedIds = useLiveQuery(
    async () => new Set((await db.outbox.where('status').equals('failed').toArray()).map(sentMessageId)),
    [db],
    new Set<string | null>(),
  );
  const messages: ChatMessageView[] = stored.map((message) =>
    message.status === 'sending' && failedIds.has(message.id) ? { ...message, status: 'error' } : message,
  );

  const select = useCallback((id: string) => {
    writeStored(ACTIVE_CONVERSATION_KEY, id);
    setActiveId(id);
  }, []);

  // Server state, whenever the device is online: the conversation list and the shown conversation.
  useEffect(() => {
    if (!online) return;
    void gqlRequest(ChatConversationsDocument, { limit: PAGE_SIZE.conversations })
      .then(({ conversations: list }) => mergeServerConversations(db, list))
      .catch(() => undefined);
  }, [db, online]);
  useEffect(() => {
    if (!online || !activeConversationId) return;
    void gqlRequest(ChatConversationDocument, { id: activeConversationId })
      .then(async ({ conversation }) => {
        if (!conversation) return;
        await mergeServerMessages(db, conversation.id, conversation.messages);
        if (conversation.unreadCount > 0) {
          await gqlRequest(MarkChatConversationReadDocument, { conversationId: conversation.id });
          await db.conversations.update(conversation.id, { unreadCount: 0 });
        }
      })
      .catch(() => undefined);
  }, [db, online, activeConversationId]);

  useSubscription(
    ChatMessageStreamDocument,
    { conversationId: activeConversationId },
    ({ chatMessages: event }) => {
      if (event.done && event.message) {
        const reply = event.message;
        void db.messages.get(reply.id).then((known) => (known ? undefined : db.messages.put(localMessageOf(reply))));
        setStreaming(null);
      } else {
        setStreaming((current) =>
          current?.messageId === event.messageId
            ? { ...current, text: current.text + event.delta }
            : { messageId: event.messageId, text: event.delta },
        );
      }
    },
    { enabled: activeConversationId !== null && online },
  );

  const send = useCallback(
    (text: string, attachments: ChatAttachmentRecord[]) => {
      const conversationId = activeConversationId ?? crypto.randomUUID();
      if (!activeConversationId) select(conversationId);
      void queueChatMessage(db, { conversationId, content: text, attachments });
    },
    [db, activeConversationId, select],
  );

  const retry = useCallback(
    (message: ChatMessageView) => {
      const local = stored.find((candidate) => candidate.id === message.id);
      if (local) void retryChatMessage(db, local);
    },
    [db, stored],
  );

  const newConversation = useCallback(async () => {
    // Spec §4: a new conversation becomes the active one with no messages; if the server cannot create it,
    // the locally generated id is used (the first message creates it on the server).
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db.conversations.put({
      id,
      title: 'New conversation',
      lastMessage: null,
      lastMessageTime: null,
      unreadCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    select(id);
    setStreaming(null);
    await gqlRequest(CreateChatConversationDocument, { id }).catch(() => undefined);
  }, [db, select]);

  const clear = useCallback(async () => {
    if (activeConversationId) await clearChatConversation(db, activeConversationId);
    setStreaming(null);
  }, [db, activeConversationId]);

  const waiting = messages.some((message) => message.type === 'user' && message.status === 'sending');
  // Offline nothing can reconnect, so the indicator says Disconnected; online, a dropped socket is retried.
  const isConnected = online && (connection === 'connected' || connection === 'connecting');
  const isReconnecting = online && connection === 'reconnecting';
  const streamingText =
    streaming && stored.every((message) => message.id !== streaming.messageId) ? streaming.text : null;
  return {
    conversations,
    activeConversationId,
    messages,
    isTyping: isConnected && waiting,
    streaming: streamingText,
    isConnected,
    isReconnecting,
    select,
    send,
    retry,
    newConversation,
    clear,
  };
}
