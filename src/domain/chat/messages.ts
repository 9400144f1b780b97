/**
 * Chat messages of the assistant (spec §3 Chat message and metadata, §5 Chat message, §3 Conversation export):
 * the shapes shared by client and server and the pure rules on them.
 */
import { csvField } from '../csvField';

export type ChatMessageType = 'user' | 'assistant' | 'system';
export type ChatMessageStatus = 'sending' | 'sent' | 'error';

export interface ChatAttachmentRecord {
  id: string;
  name: string;
  /** MIME type, e.g. image/png or application/pdf. */
  type: string;
}

/** An order card: a trade the assistant proposes; it is placed only when the user confirms it. */
export interface TradingDataCard {
  action: 'buy' | 'sell';
  symbol: string;
  quantity: number;
  /** Target (limit) price; none for a market order. */
  price?: number | null;
  currentPrice?: number | null;
  change?: number | null;
  changePercent?: number | null;
}

export interface StrategyDataCard {
  id: string;
  name: string;
  /** active, paused or another value */
  status: string;
  performance?: number | null;
  winRate?: number | null;
  profitLoss?: number | null;
  tradesCount?: number | null;
}

export interface ChartDataCard {
  symbol: string;
  /** Default 1D. */
  interval: string;
  indicators: string[];
}

export type AlertCardType = 'info' | 'warning' | 'error' | 'success';

export interface ChatMessageMetadataRecord {
  tradingData?: TradingDataCard | null;
  strategyData?: StrategyDataCard | null;
  chartData?: ChartDataCard | null;
  alertType?: AlertCardType | null;
  description?: string | null;
  action?: string | null;
}

/** Text a message in error shows (spec §8 Chat). */
export const SEND_FAILED_TEXT = 'Failed to send message';
/** Default interval of a chart card. */
export const DEFAULT_CHART_INTERVAL = '1D';
/** Longest message the assistant accepts. */
export const MAX_MESSAGE_LENGTH = 4000;
/** Most attachments on one message. */
export const MAX_ATTACHMENTS = 5;

const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};

/** The `accept` attribute of the attachment picker: images, pdf, doc, docx, txt (spec §5). */
export const ATTACHMENT_ACCEPT = ['image/*', ...Object.keys(DOCUMENT_TYPES).map((ext) => `.${ext}`)].join(',');

/** Whether a file may be attached: an image, or a pdf, doc, docx or txt file (by MIME type or extension). */
export function isAllowedAttachment(name: string, type: string): boolean {
  if (type.startsWith('image/')) return true;
  if (Object.values(DOCUMENT_TYPES).includes(type)) return true;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension !== undefined && extension in DOCUMENT_TYPES;
}

/** A message needs non-empty trimmed text or at least one attachment (spec §5). */
export function canSendMessage(text: string, attachmentCount: number): boolean {
  return text.trim() !== '' || attachmentCount > 0;
}

/** An order card's total value: price (or the current price) times quantity; null when neither is known. */
export function orderCardTotal(card: Pick<TradingDataCard, 'price' | 'currentPrice' | 'quantity'>): number | null {
  const price = card.price ?? card.currentPrice;
  return price === null || price === undefined ? null : Math.round(price * card.quantity * 100) / 100;
}

export interface ExportableMessage {
  id: string;
  content: string;
  type: ChatMessageType;
  timestamp: string;
}

/** The JSON export of a conversation: { messages, conversationId, exportedAt }. */
export function conversationJson(conversationId: string, messages: readonly ExportableMessage[], exportedAt: Date) {
  return JSON.stringify({ messages, conversationId, exportedAt: exportedAt.toISOString() }, null, 2);
}

/** The CSV export: a header, then one row per message with timestamp, type and content (fields as ../csvField.ts writes them). */
export function conversationCsv(messages: readonly ExportableMessage[]): string {
  const rows = messages.map((message) => [message.timestamp, message.type, message.content].map(csvField).join(','));
  return ['timestamp,type,content', ...rows].join('\r\n');
}

export function conversationExportFileName(conversationId: string, format: 'json' | 'csv'): string {
  return `conversation-${conversationId}.${format}`;
}

/** Title of a new conversation from its first message (trimmed to 60 characters). */
export function conversationTitleFrom(text: string): string {
  const line = text.trim().split(/\r?\n/)[0] ?? '';
  if (line === '') return 'New conversation';
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
