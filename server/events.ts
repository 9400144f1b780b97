import { createPubSub } from 'graphql-yoga';
import type { PriceAlert } from '../src/domain/alerts/priceAlert';
import type { ChatStreamEvent } from '../src/domain/chat/conversation';
import type { UserPreferences } from '../src/domain/preferences';
import type { Portfolio } from '../src/domain/trading/account';
import type { Order, Trade } from '../src/domain/trading/orders';

/**
 * Events for one user's subscribers, each published with the user id as its key (a subscriber only
 * sees its own user's events). Later issues add market, order and chat events here. The payloads are
 * the shared shapes of src/domain: the bus owns its types, so neither the services that publish nor the
 * resolvers that subscribe import them from each other.
 */
type UserEventChannels = {
  preferencesUpdated: [userId: string, preferences: UserPreferences];
  /** A piece of an assistant reply while it is produced, then the stored reply. */
  chatMessage: [userId: string, event: ChatStreamEvent];
  /** An order of the user was placed, filled (partly), cancelled, rejected or expired. */
  orderUpdated: [userId: string, order: Order];
  /** A fill of one of the user's orders. */
  tradeExecuted: [userId: string, trade: Trade];
  /** The user's portfolio after a fill or a change of reserved cash. */
  portfolioUpdated: [userId: string, portfolio: Portfolio];
  /** A price alert of the user fired (it is now inactive). */
  alertTriggered: [userId: string, alert: PriceAlert];
};

/**
 * A session ended before its time (logout, sign-out everywhere, account deletion): every process closes the
 * WebSockets it holds for it (server/graphql/socketSessions.ts). `sessionId` null means every session of the user.
 */
export interface SessionEndedNotice {
  userId: string;
  sessionId: string | null;
}

/** Notices for every server process, not keyed by user (plain JSON, so that they can travel between processes). */
type ServerChannels = {
  sessionEnded: [notice: SessionEndedNotice];
};

/**
 * In-process, typed event bus: `publish(event, userId, payload)` and `subscribe(event, userId)` for a user's
 * events, `publish('sessionEnded', notice)` and `subscribe('sessionEnded')` for server-wide notices.
 */
export function createEventBus() {
  return createPubSub<UserEventChannels & ServerChannels>();
}

export type EventBus = ReturnType<typeof createEventBus>;
