import type { ChatMessage, ChatMessageMetadata, Conversation } from '../../../src/domain/chat/conversation';
import type { ChatMessageMetadataRecord } from '../../../src/domain/chat/messages';
import type { chatMessages } from '../../db/schema';

/** A conversation as resolvers get it, with its owner; its messages are loaded only when asked for. */
export interface ConversationModel extends Conversation {
  userId: string;
}

/** A message as the API sends it (spec §3 Chat message). */
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
