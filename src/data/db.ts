import { Dexie, type Table } from 'dexie';
import type {
  LocalConversation,
  LocalMessage,
  LocalPortfolio,
  LocalPosition,
  LocalPriceAlert,
  LocalWatchlist,
  MetaRow,
  OutboxRow,
} from './types';
import type { LocalStrategy } from './strategies';
import type { LocalCachedReport } from './analyticsCache';
import type { LocalReportTemplate } from './reportTemplates';

/** Name of the IndexedDB database shared by the page and the service worker. */
export const LOCAL_DB_NAME = 'ai-trading-local';

export type LocalDb = Dexie & {
  portfolio: Table<LocalPortfolio, string>;
  positions: Table<LocalPosition, string>;
  watchlists: Table<LocalWatchlist, string>;
  alerts: Table<LocalPriceAlert, string>;
  conversations: Table<LocalConversation, string>;
  messages: Table<LocalMessage, string>;
  strategies: Table<LocalStrategy, string>;
  analyticsReports: Table<LocalCachedReport, string>;
  reportTemplates: Table<LocalReportTemplate, string>;
  outbox: Table<OutboxRow, string>;
  meta: Table<MetaRow, string>;
};

/** Opens (lazily) the local database; `name` lets tests use a fresh one. New schema versions go below version 1. */
export function openLocalDb(name: string = LOCAL_DB_NAME): LocalDb {
  const db = new Dexie(name) as LocalDb;
  db.version(1).stores({
    portfolio: 'key',
    positions: 'symbol',
    watchlists: 'id, createdAt',
    alerts: 'id, createdAt',
    conversations: 'id, updatedAt',
    messages: 'id, conversationId, [conversationId+createdAt]',
    outbox: 'id, &seq, status, entityKey',
    meta: 'key',
  });
  // Strategies with their latest backtest's metrics, cached for offline reading (src/data/strategies.ts).
  db.version(2).stores({ strategies: 'id, createdAt' });
  // The last analysis and performance reports read (offline Analytics, src/data/analyticsCache.ts) and the saved
  // Custom reports templates (src/data/reportTemplates.ts).
  db.version(3).stores({ analyticsReports: 'key', reportTemplates: 'id, createdAt' });
  return db;
}

let shared: LocalDb | null = null;

/** The app's one database handle (page or worker). */
export function localDb(): LocalDb {
  shared ??= openLocalDb();
  return shared;
}
