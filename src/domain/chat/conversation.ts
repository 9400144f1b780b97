/**
 * Conversations with the assistant and their messages as the server sends them (spec §3 Chat conversation,
 * Chat message; the API's ChatConversation, ChatMessage and chatMessages events).
 */
import type {
  AlertCardType,
  ChartDataCard,
  ChatAttachmentRecord,
  ChatMessageStatus,
  ChatMessageType,
  StrategyDataCard,
  TradingDataCard,
} from './messages';

/** A conversation's summary (its messages are loaded separately); date-times ISO-8601. */
export interface Conversation {
  id: string;
  title: string;
  lastMessage: string | null;
  lastMessageTime: string | null;
  unreadCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A message's card metadata as sent: every field present, absent ones null. */
export interface ChatMessageMetadata {
  tradingData: Required<TradingDataCard> | null;
  strategyData: Required<StrategyDataCard> | null;
  chartData: ChartDataCard | null;
  alertType: AlertCardType | null;
  description: string | null;
  action: string | null;
}

export interface ChatMessage {
  id: string;
  conversationId: string;
  /** Markdown. */
  content: string;
  type: ChatMessageType;
  /** ISO-8601. */
  timestamp: string;
  status: ChatMessageStatus;
  attachments: ChatAttachmentRecord[];
  metadata: ChatMessageMetadata | null;
  isRead: boolean;
}

/** A piece of an assistant reply while it is produced (`delta`), then the stored reply (`message`, `done`). */
export interface ChatStreamEvent {
  conversationId: string;
  messageId: string;
  /** Id of the user message it answers. */
  replyTo: string;
  /** New text since the previous event. */
  delta: string;
  message: ChatMessage | null;
  done: boolean;
}
