import { conversationTitleFrom, type ChatAttachmentRecord } from '../domain/chat/messages';
import {
  ClearChatConversationDocument,
  SendChatMessageDocument,
  type ChatConversationFieldsFragment,
  type ChatMessageFieldsFragment,
} from '../graphql/generated/graphql';
import type { LocalDb } from './db';
import { appendOutboxRow, entityKey, notifyOutboxAppended } from './outbox/queue';
import { defineOutboxOp } from './outbox/registry';
import type { LocalConversation, LocalMessage, OutboxRow } from './types';

const CONVERSATIONS = 'conversations';

/** Local row of a message the server answered (cards as plain records, `createdAt` for ordering). */
export function localMessageOf(message: ChatMessageFieldsFragment, createdAt = message.timestamp): LocalMessage {
  const { metadata } = message;
  return {
    id: message.id,
    conversationId: message.conversationId,
    type: message.type,
    content: message.content,
    status: message.status,
    attachments: message.attachments.map(({ id, name, type }) => ({ id, name, type })),
    metadata: metadata
      ? {
          tradingData: metadata.tradingData
            ? { ...metadata.tradingData, action: metadata.tradingData.action === 'sell' ? 'sell' : 'buy' }
            : null,
          strategyData: metadata.strategyData,
          chartData: metadata.chartData,
          alertType: metadata.alertType,
          description: metadata.description,
          action: metadata.action,
        }
      : null,
    isRead: message.isRead,
    timestamp: message.timestamp,
    createdAt,
  };
}

export function localConversationOf(conversation: ChatConversationFieldsFragment): LocalConversation {
  const { id, title, lastMessage, lastMessageTime, unreadCount, createdAt, updatedAt } = conversation;
  return { id, title, lastMessage, lastMessageTime, unreadCount, createdAt, updatedAt };
}

/** An instant just after `iso` (a reply is ordered after its message even when clocks disagree). */
const after = (iso: string) => new Date(new Date(iso).getTime() + 1).toISOString();

export const chatOps = {
  send: defineOutboxOp('chat.send', {
    document: SendChatMessageDocument,
    apply: async (db, data) => {
      const { message, reply, conversationId } = data.sendMessage;
      const local = await db.messages.get(message.id);
      const sentAt = local?.createdAt ?? message.timestamp;
      await db.messages.put(localMessageOf(message, sentAt));
      const replyAt = reply.timestamp > sentAt ? reply.timestamp : after(sentAt);
      await db.messages.put(localMessageOf(reply, replyAt));
      await db.conversations.update(conversationId, {
        lastMessage: reply.content,
        lastMessageTime: reply.timestamp,
        updatedAt: reply.timestamp,
      });
    },
  }),
  clear: defineOutboxOp('chat.clear', { document: ClearChatConversationDocument }),
};

/** The outbox row's message id, for a queued send (to show it as in error when it failed for good). */
export function sentMessageId(row: OutboxRow): string | null {
  if (row.op !== chatOps.send.name) return null;
  const input = row.payload.input;
  if (typeof input !== 'object' || input === null || !('id' in input)) return null;
  return typeof input.id === 'string' ? input.id : null;
}

/**
 * Stores a user message (status sending) in its conversation, creating the conversation locally when it is
 * new, and queues its send, in one transaction. The message id is the server's idempotency key.
 */
export async function queueChatMessage(
  db: LocalDb,
  input: { conversationId: string; content: string; attachments: ChatAttachmentRecord[] },
  now: Date = new Date(),
): Promise<LocalMessage> {
  const stamp = now.toISOString();
  const message: LocalMessage = {
    id: crypto.randomUUID(),
    conversationId: input.conversationId,
    type: 'user',
    content: input.content,
    status: 'sending',
    attachments: input.attachments,
    metadata: null,
    isRead: true,
    timestamp: stamp,
    createdAt: stamp,
  };
  await db.transaction('rw', db.messages, db.conversations, db.outbox, async () => {
    const conversation = await db.conversations.get(input.conversationId);
    await db.conversations.put({
      id: input.conversationId,
      title: conversation?.title ?? conversationTitleFrom(input.content || input.attachments[0]?.name || ''),
      lastMessage: input.content,
      lastMessageTime: stamp,
      unreadCount: 0,
      createdAt: conversation?.createdAt ?? stamp,
      updatedAt: stamp,
    });
    await db.messages.add(message);
    await appendOutboxRow(
      db,
      chatOps.send,
      {
        input: {
          id: message.id,
          conversationId: input.conversationId,
          content: input.content,
          attachments: input.attachments,
        },
      },
      entityKey(CONVERSATIONS, input.conversationId),
      now.getTime(),
    );
  });
  notifyOutboxAppended();
  return message;
}

/**
 * Retrying a failed message (spec §4): it is sent again as a new message, then the old one and its failed
 * outbox row are removed.
 */
export async function retryChatMessage(db: LocalDb, failed: LocalMessage): Promise<void> {
  await queueChatMessage(db, {
    conversationId: failed.conversationId,
    content: failed.content,
    attachments: failed.attachments,
  });
  await db.transaction('rw', db.messages, db.outbox, async () => {
    const rows = await db.outbox.where('entityKey').equals(entityKey(CONVERSATIONS, failed.conversationId)).toArray();
    await db.outbox.bulkDelete(rows.filter((row) => sentMessageId(row) === failed.id).map((row) => row.id));
    await db.messages.delete(failed.id);
  });
}

/** Empties a conversation on the device at once and queues the server's clear (spec §4: even if it fails). */
export async function clearChatConversation(db: LocalDb, conversationId: string): Promise<void> {
  await db.transaction('rw', db.messages, db.conversations, db.outbox, async () => {
    await db.messages.where('conversationId').equals(conversationId).delete();
    await db.conversations.update(conversationId, { lastMessage: null, lastMessageTime: null, unreadCount: 0 });
    await appendOutboxRow(db, chatOps.clear, { conversationId }, entityKey(CONVERSATIONS, conversationId));
  });
  notifyOutboxAppended();
}

/** Writes the server's conversation list; local conversations with queued writes keep their local state. */
export async function mergeServerConversations(
  db: LocalDb,
  conversations: readonly ChatConversationFieldsFragment[],
): Promise<void> {
  await db.transaction('rw', db.conversations, db.outbox, async () => {
    const queued = new Set((await db.outbox.orderBy('entityKey').uniqueKeys()).map(String));
    const rows = conversations
      .map(localConversationOf)
      .filter((row) => !queued.has(entityKey(CONVERSATIONS, row.id)));
    await db.conversations.bulkPut(rows);
  });
}

/**
 * Writes the server's messages of one conversation. While the conversation has queued writes only new
 * server messages are added (local ones are newer); otherwise the local list becomes the server's.
 */
export async function mergeServerMessages(
  db: LocalDb,
  conversationId: string,
  messages: readonly ChatMessageFieldsFragment[],
): Promise<void> {
  await db.transaction('rw', db.messages, db.outbox, async () => {
    const pending = await db.outbox.where('entityKey').equals(entityKey(CONVERSATIONS, conversationId)).count();
    const local = await db.messages.where('conversationId').equals(conversationId).toArray();
    const known = new Map(local.map((message) => [message.id, message]));
    if (pending === 0) {
      const serverIds = new Set(messages.map((message) => message.id));
      await db.messages.bulkDelete(local.filter((message) => !serverIds.has(message.id)).map((message) => message.id));
      await db.messages.bulkPut(messages.map((message) => localMessageOf(message, known.get(message.id)?.createdAt)));
    } else {
      await db.messages.bulkPut(messages.filter((message) => !known.has(message.id)).map((message) => localMessageOf(message)));
    }
  });
}
