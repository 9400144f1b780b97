import type { ChatMessageMetadataRecord } from '../../../src/domain/chat/messages';
import type { chatMessages } from '../../db/schema';
import type { ChatMessage, ChatMessageMetadata } from '../../graphql/generated/resolvers';

/** A conversation as resolvers get it; its messages are loaded only when asked for. */
export interface ConversationModel {
  id: string;
  userId: string;
  title: string;
  lastMessage: string | null;
  lastMessageTime: string | null;
  unreadCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A message in its GraphQL shape (spec §3 Chat message). */
export type MessageModel = ChatMessage;

export type MessageRow = typeof chatMessages.$inferSelect;

export function toMessageModel(row: MessageRow): MessageModel {
  return {
    id: row.id,
    conversationId: row.conversationId,
    content: row.content,
    type: row.type,
    timestamp: row.createdAt.toISOString(),
    status: row.status,
    attachments: row.attachments,
    metadata: row.metadata ? toMetadataModel(row.metadata) : null,
    isRead: row.isRead,
  };
}

/** Stored card metadata in its GraphQL shape: every field present, absent ones null. */
export function toMetadataModel(record: ChatMessageMetadataRecord): ChatMessageMetadata {
  const { tradingData, strategyData, chartData } = record;
  return {
    tradingData: tradingData
      ? {
          action: tradingData.action,
          symbol: tradingData.symbol,
          quantity: tradingData.quantity,
          price: tradingData.price ?? null,
          currentPrice: tradingData.currentPrice ?? null,
          change: tradingData.change ?? null,
          changePercent: tradingData.changePercent ?? null,
        }
      : null,
    strategyData: strategyData
      ? {
          id: strategyData.id,
          name: strategyData.name,
          status: strategyData.status,
          performance: strategyData.performance ?? null,
          winRate: strategyData.winRate ?? null,
          profitLoss: strategyData.profitLoss ?? null,
          tradesCount: strategyData.tradesCount ?? null,
        }
      : null,
    chartData: chartData ?? null,
    alertType: record.alertType ?? null,
    description: record.description ?? null,
    action: record.action ?? null,
  };
}

/** A piece of an assistant reply while it is produced (subscription chatMessages). */
export interface ChatStreamEventModel {
  conversationId: string;
  messageId: string;
  replyTo: string;
  delta: string;
  message: MessageModel | null;
  done: boolean;
}
