/**
 * The broker orders go to (issue 14 point 7): a BrokerProvider that sends each call to the adapter of the user's live
 * broker while their effective trading mode is live (they asked for live and have a connected, verified live
 * connection: ./liveConnections.ts), otherwise to the paper broker. Resolvers, chat commands and REST routes use it unchanged.
 *
 * Rules:
 * - A live connection whose provider has no adapter here is broker_error (never the paper broker instead).
 * - The mode is decided per call (a portfolioUpdates subscription: when it opens).
 * - A user who asked for live without a usable live connection reaches the paper broker, which refuses their orders
 *   (live_trading_not_allowed) and still shows the paper account.
 * - The mode is remembered for a few seconds (liveConnections.ts), so a switch made on another server is not seen at
 *   once: an order that reaches the broker of the other mode is refused there before anything is written or sent
 *   (ModeChangedError), and sent once more after the mode is read again. A live trader's order is never filled on
 *   paper, and a paper trader's never sent to a live broker.
 * - Its identity and capabilities are the paper broker's (the default); background work is both brokers' plus
 *   `background` (the leader's live streams).
 */
import { AppError, ModeChangedError } from '../errors';
import type { BrokerProvider } from './provider';

export interface BrokerRouterDeps {
  paper: BrokerProvider;
  /** The live adapters by provider id (the catalogue's: 'alpaca', …). */
  live: readonly BrokerProvider[];
  /** The provider of the user's live broker while their effective mode is live; null: paper. */
  liveProvider: (userId: string) => Promise<string | null>;
  /** Forgets the user's remembered mode (liveProvider reads it again). */
  forgetMode?: (userId: string) => void;
  /** Singleton work beside the brokers' own (the live trade_updates streams). */
  background?: { start(): Promise<void>; stop(): Promise<void> };
}

export function createBrokerRouter({
  paper,
  live,
  liveProvider,
  forgetMode,
  background,
}: BrokerRouterDeps): BrokerProvider {
  const adapters = new Map(live.map((broker) => [broker.id, broker]));
  const pick = async (userId: string): Promise<BrokerProvider> => {
    const provider = await liveProvider(userId);
    if (provider === null) return paper;
    const adapter = adapters.get(provider);
    // Never the paper broker for a user trading live: their orders are meant for real.
    if (!adapter) throw new AppError('broker_error', `Live trading through ${provider} is not available yet.`);
    return adapter;
  };
  return {
    id: paper.id,
    name: paper.name,
    environment: paper.environment,
    capabilities: paper.capabilities,
    account: async (userId) => (await pick(userId)).account(userId),
    placeOrder: async (userId, input) => {
      try {
        return await (await pick(userId)).placeOrder(userId, input);
      } catch (error) {
        // The broker of the other mode refused it (nothing written or sent): read the mode again, send it once more.
        if (!(error instanceof ModeChangedError) || !forgetMode) throw error;
        forgetMode(userId);
        return (await pick(userId)).placeOrder(userId, input);
      }
    },
    cancelOrder: async (userId, orderId) => (await pick(userId)).cancelOrder(userId, orderId),
    cancelAllOrders: async (userId, symbol, strategyId) =>
      (await pick(userId)).cancelAllOrders(userId, symbol, strategyId),
    closePosition: async (userId, symbol, percentage) => (await pick(userId)).closePosition(userId, symbol, percentage),
    orders: async (userId, query) => (await pick(userId)).orders(userId, query),
    order: async (userId, orderId) => (await pick(userId)).order(userId, orderId),
    trades: async (userId, query) => (await pick(userId)).trades(userId, query),
    portfolio: async (userId) => (await pick(userId)).portfolio(userId),
    positions: async (userId) => (await pick(userId)).positions(userId),
    async *portfolioUpdates(userId) {
      yield* (await pick(userId)).portfolioUpdates(userId);
    },
    async start() {
      await paper.start();
      for (const adapter of live) await adapter.start();
      await background?.start();
    },
    async stop() {
      await background?.stop();
      for (const adapter of live) await adapter.stop();
      await paper.stop();
    },
    async close() {
      await background?.stop();
      for (const adapter of live) await adapter.close();
      await paper.close();
    },
  };
}
