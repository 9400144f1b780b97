import type { Conversation } from '../domain/chat/conversation';
import type {
  ChatAttachmentRecord,
  ChatMessageMetadataRecord,
  ChatMessageStatus,
  ChatMessageType,
} from '../domain/chat/messages';
import type { PriceAlertFieldsFragment, WatchlistFieldsFragment } from '../graphql/generated/graphql';

/** A watchlist as the device holds it (the server's shape; local edits applied before they are sent). */
export type LocalWatchlist = WatchlistFieldsFragment;

/** A price alert as the device holds it. */
export type LocalPriceAlert = PriceAlertFieldsFragment;

/** Snapshot of the portfolio summary (one row, key `current`). */
export interface LocalPortfolio {
  key: string;
  data: unknown;
  updatedAt: string;
}

export interface LocalPosition {
  symbol: string;
  data: unknown;
  updatedAt: string;
}

/** An assistant conversation (spec §3 Chat conversation) as the device holds it: the server's summary. */
export type LocalConversation = Conversation;

/** A chat message (spec §3 Chat message); `createdAt` orders a conversation (the reply after its message). */
export interface LocalMessage {
  id: string;
  conversationId: string;
  type: ChatMessageType;
  content: string;
  status: ChatMessageStatus;
  attachments: ChatAttachmentRecord[];
  metadata: ChatMessageMetadataRecord | null;
  isRead: boolean;
  /** ISO date-time, as the server or the device stamped it. */
  timestamp: string;
  /** ISO date-time used for ordering. */
  createdAt: string;
}

export type OutboxStatus = 'pending' | 'failed';

/** One queued user write. `id` is also the idempotency key sent with it. */
export interface OutboxRow {
  id: string;
  /** FIFO position (strictly increasing). */
  seq: number;
  /** Name of the registered operation (see outbox/registry.ts). */
  op: string;
  /** GraphQL variables of the operation. */
  payload: Record<string, unknown>;
  /** `<table>:<id>` of the local row the write changed; server refreshes leave pending entities alone. */
  entityKey: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  lastError: string | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}
